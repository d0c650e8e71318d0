import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacementDetail } from '#domain/concrete-placements-responses';
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
