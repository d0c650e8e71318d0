import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { placementPourSchema, placementSampleSchema, sampleResultsSchema } from '#domain/concrete-placements';
import type { BatchDetail, PlacementDetail } from '#domain/concrete-placements-responses';
import type { PlacementCreateInput, PlacementUpdateInput } from '#domain/schemas/concrete';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { CONCRETE_API } from './config.ts';
import { concreteKeys } from './keys.ts';

/** Field errors (422) are shown on the form, not as a toast. */
const silent = { silent: true } as const;

/**
 * The answer is the placement's detail: it goes into its query; the project's lists, batches and advance (work())
 * are asked again, since a placement changes what they count.
 */
function useWritePlacement() {
  const queryClient = useQueryClient();
  return (placement: PlacementDetail) => {
    queryClient.setQueryData(concreteKeys.placement(placement.id), placement);
    void queryClient.invalidateQueries({ queryKey: concreteKeys.work(placement.project_id) });
  };
}

/** POST hormigon/vaciados: a scheduled placement. */
export function useCreatePlacement() {
  const write = useWritePlacement();
  return useMutation({
    mutationFn: (input: PlacementCreateInput) =>
      apiV2.post<DataEnvelope<PlacementDetail>>(`${CONCRETE_API}/vaciados`, input, silent).then((r) => r.data),
    onSuccess: write,
  });
}

/** PATCH hormigon/vaciados/{id}: a scheduled placement's fields. */
export function useUpdatePlacement() {
  const write = useWritePlacement();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PlacementUpdateInput }) =>
      apiV2.patch<DataEnvelope<PlacementDetail>>(`${CONCRETE_API}/vaciados/${id}`, input, silent).then((r) => r.data),
    onSuccess: write,
  });
}

type PourBody = z.input<typeof placementPourSchema>;
type SampleBody = z.input<typeof placementSampleSchema>;
type ResultsBody = z.input<typeof sampleResultsSchema>;
export type PlacementCommand =
  | { verb: 'vaciar'; body: PourBody }
  | { verb: 'muestrear'; body: SampleBody }
  | { verb: 'anular'; body: Record<string, never> };

/** POST hormigon/vaciados/{id}/{vaciar|muestrear|anular} (domain/concrete-placements.ts placementCommands). */
export function usePlacementCommand(placementId: number) {
  const write = useWritePlacement();
  return useMutation({
    mutationFn: ({ verb, body }: PlacementCommand) =>
      apiV2
        .post<DataEnvelope<PlacementDetail>>(`${CONCRETE_API}/vaciados/${placementId}/${verb}`, body, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}

/** PUT hormigon/muestras/{sampleId}/resultados: a sample's strengths; the answer is its placement. */
export function useSampleResults() {
  const write = useWritePlacement();
  return useMutation({
    mutationFn: ({ sampleId, body }: { sampleId: number; body: ResultsBody }) =>
      apiV2
        .put<DataEnvelope<PlacementDetail>>(`${CONCRETE_API}/muestras/${sampleId}/resultados`, body, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}

/** POST hormigon/lotes/{id}/cerrar: the batch closed by hand (and judged at once when every result is in). */
export function useCloseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) =>
      apiV2.post<DataEnvelope<BatchDetail>>(`${CONCRETE_API}/lotes/${batchId}/cerrar`, {}).then((r) => r.data),
    onSuccess: (batch) => {
      queryClient.setQueryData(concreteKeys.batch(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: concreteKeys.work(batch.project_id) });
    },
  });
}
