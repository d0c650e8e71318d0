import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverInput } from '#domain/schemas/deliveries';
import { putSignature, setAnsweredUser } from '../../../api/session/signature.ts';
import { uploadSignature } from '../../../widgets/upload/signature-upload.ts';
import { fichaApi, type FichaDetail, type ScheduleAnswerEvent } from './ficha-api.ts';
import { applyFichaChange, type FichaChange } from './ficha-cache.ts';

// The ficha's commands (docs/product.md §4). Each answers the ficha as it now is, which becomes its
// header's cache; the hooks invalidate only what else the command touches (ficha-cache.ts).

/** Schedule one unit's delivery (POST agendar). */
export function useScheduleFicha(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startAt: string) => fichaApi.schedule(unitId, startAt),
    onSuccess: (ficha) => applyFichaChange(queryClient, unitId, 'schedule', ficha),
  });
}

/** Confirm or reject the appointment on the owner's behalf (POST agenda/confirmar|rechazar). */
export function useAnswerSchedule(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: ScheduleAnswerEvent) => fichaApi.answerSchedule(unitId, event),
    onSuccess: (ficha) => applyFichaChange(queryClient, unitId, 'schedule', ficha),
  });
}

/** The header's commands that ask for a confirmation first. */
export type ConfirmedCommand = 'ficha.returnToNew' | 'ficha.clean' | 'ficha.passToAfterSales';
const CHANGE: Record<ConfirmedCommand, FichaChange> = {
  'ficha.returnToNew': 'returnToNew',
  'ficha.clean': 'clean',
  'ficha.passToAfterSales': 'passToAfterSales',
};

/** Return to new, clean, or pass to after-sales; the pass also answers the ticket it opened. */
export function useFichaCommand(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      event: ConfirmedCommand,
    ): Promise<{ ficha: FichaDetail; ticket?: { id: number; code: string } }> => {
      if (event === 'ficha.clean') return { ficha: await fichaApi.clean(unitId) };
      if (event === 'ficha.returnToNew') return { ficha: await fichaApi.returnToNew(unitId) };
      const { ticket, ...ficha } = await fichaApi.passToAfterSales(unitId);
      return { ficha, ticket };
    },
    onSuccess: ({ ficha }, event) => applyFichaChange(queryClient, unitId, CHANGE[event], ficha),
  });
}

/** The delivery dialog's answers: the form, and the signatures drawn (PNG files), if any. */
export type DeliverRequest = {
  input: Omit<DeliverInput, 'owner_signature_path'>;
  ownerSignature: File | null;
  representativeSignature: File | null;
};

/**
 * Deliver the unit (docs/product.md §5 delivery dialog): the signatures are uploaded first; the act prints
 * the representative's profile signature, so one drawn here becomes it (and the signed-in user's cache).
 */
export function useDeliver(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, ownerSignature, representativeSignature }: DeliverRequest) => {
      const ownerSignaturePath = ownerSignature ? await uploadSignature(ownerSignature) : null;
      if (input.representative_signs && representativeSignature) {
        setAnsweredUser(queryClient, await putSignature(await uploadSignature(representativeSignature)));
      }
      return fichaApi.deliver(unitId, { ...input, owner_signature_path: ownerSignaturePath });
    },
    onSuccess: (ficha) => applyFichaChange(queryClient, unitId, 'deliver', ficha),
  });
}

/** docs/product.md §2 fichas bulk schedule: the answer counts the units scheduled, so they and the lists refetch. */
export function useBulkSchedule(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { unit_ids: number[]; start_at: string; interval_minutes: number }) =>
      fichaApi.bulkSchedule(projectId, input).then((r) => r.data),
    onSuccess: (_answer, input) => applyFichaChange(queryClient, input.unit_ids, 'schedule'),
  });
}
