import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanPinInput } from '#domain/plan-pins';
import {
  accessoriesQuery,
  certificatesQuery,
  detailsQuery,
  fichaApi,
  fichaPlanQuery,
  revisionQuery,
  type Accessory,
  type Certificate,
  type Details,
  type Owner,
  type OwnerInput,
} from './ficha-api.ts';
import { applyFichaChange } from './ficha-cache.ts';

// The ficha tabs' edits (docs/product.md §2). A save answers its tab as it now reads, which becomes the
// tab's cache; the hooks invalidate only what else the edit touches (ficha-cache.ts).

/** revision: the answered revision; its pending failures move the header's and the list's count. */
export function useSaveRevision(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (results: unknown[]) => fichaApi.saveRevision(unitId, results),
    onSuccess: (revision) => {
      queryClient.setQueryData(revisionQuery(unitId).queryKey, revision);
      applyFichaChange(queryClient, unitId, 'revision');
      // The revision's failures are the plan's pins to place.
      void queryClient.invalidateQueries({ queryKey: fichaPlanQuery(unitId).queryKey, exact: true });
    },
  });
}

/** A revision failure placed on (or removed from) the plan: the board the answer carries replaces the cached one. */
export function usePinRevision(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, pin }: { resultId: number; pin: PlanPinInput | null }) =>
      fichaApi.pinRevision(unitId, resultId, pin),
    onSuccess: (board) => queryClient.setQueryData(fichaPlanQuery(unitId).queryKey, board),
  });
}

/** detalles: parkings, storages, readings and observations. */
export function useSaveDetails(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<Details>) => fichaApi.saveDetails(unitId, input),
    onSuccess: (details) => {
      queryClient.setQueryData(detailsQuery(unitId).queryKey, details);
      applyFichaChange(queryClient, unitId, 'details');
    },
  });
}

/** accesorios: the whole list, saved at once. */
export function useSaveAccessories(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessories: Omit<Accessory, 'id'>[]) => fichaApi.saveAccessories(unitId, accessories),
    onSuccess: (accessories) => {
      queryClient.setQueryData(accessoriesQuery(unitId).queryKey, accessories);
      applyFichaChange(queryClient, unitId, 'accessories');
    },
  });
}

/** archivos: attaching answers the unit's certificates; removing one takes it out of them. */
export function useCertificates(unitId: number) {
  const queryClient = useQueryClient();
  const key = certificatesQuery(unitId).queryKey;
  const attach = useMutation({
    mutationFn: (paths: string[]) => fichaApi.addCertificates(unitId, paths),
    onSuccess: ({ added: _added, ...certificates }) => {
      queryClient.setQueryData(key, certificates);
      applyFichaChange(queryClient, unitId, 'certificates');
    },
  });
  const remove = useMutation({
    mutationFn: (certificate: Certificate) => fichaApi.removeCertificate(unitId, certificate.id),
    onSuccess: (_answer, removed) => {
      queryClient.setQueryData(key, (list) =>
        list ? { ...list, data: list.data.filter((c) => c.id !== removed.id) } : list,
      );
      applyFichaChange(queryClient, unitId, 'certificates');
    },
  });
  return { attach, remove };
}

export type OwnerDraft = OwnerInput & { id?: number };

/** propietarios: the calls answer the owner's id only, so the owners refetch (and the header's count). */
export function useOwners(unitId: number) {
  const queryClient = useQueryClient();
  const changed = () => applyFichaChange(queryClient, unitId, 'owners');
  const save = useMutation({
    mutationFn: ({ id, ...input }: OwnerDraft) =>
      id ? fichaApi.updateOwner(unitId, id, input) : fichaApi.addOwner(unitId, input),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (owner: Owner) => fichaApi.removeOwner(unitId, owner.id),
    onSuccess: changed,
  });
  return { save, remove };
}
