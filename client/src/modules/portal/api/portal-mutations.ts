import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { acPdfName } from '#domain/acs';
import { uploadSignature } from '../../../widgets/upload/signature-upload.ts';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import type { PlanPinInput } from '#domain/plan-pins';
import {
  myDeliveriesQuery,
  myVisitsQuery,
  portalApi,
  portalKeys,
  portalPlanQuery,
  portalTicketQuery,
  type PortalAc,
  type PortalDelivery,
  type PortalVisit,
} from './portal-api.ts';

/**
 * The owner's writes in the portal (docs/product.md#owner-portal), each with its cache update; pages
 * add only what is theirs (navigate, clear a form) through `mutate`'s callbacks.
 */

/** POST portal/solicitudes/{id}/mensajes: one more message in that ticket's conversation. */
export function usePortalReply(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof portalApi.message>[1]) => portalApi.message(ticketId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: portalKeys.messages(ticketId) }),
  });
}

/** PUT portal/solicitudes/{id}/fallas/{failureId}/plano: the board the answer carries replaces the cached one. */
export function usePortalPinFailure(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ failureId, pin }: { failureId: number; pin: PlanPinInput }) =>
      portalApi.pin(ticketId, failureId, pin),
    onSuccess: (board) => queryClient.setQueryData(portalPlanQuery(ticketId).queryKey, board),
  });
}

/** The visit as it now is replaces its card in the visits list and in its ticket's page. */
function applyVisit(queryClient: QueryClient, visit: PortalVisit) {
  const replace = (v: PortalVisit) => (v.id === visit.id ? visit : v);
  queryClient.setQueryData(myVisitsQuery.queryKey, (rows) => rows?.map(replace));
  queryClient.setQueryData(
    portalTicketQuery(visit.ticket_id).queryKey,
    (ticket) => ticket && { ...ticket, visits: ticket.visits.map(replace) },
  );
}

/** Asks again for a visit the answer did not carry, or one the server refused to change (its deadline passed meanwhile). */
function refetchVisit(queryClient: QueryClient, visit: PortalVisit) {
  void queryClient.invalidateQueries({ queryKey: myVisitsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: portalKeys.ticketDetail(visit.ticket_id) });
}

/**
 * POST portal/visitas/{id}/confirmar|rechazar (docs/product.md §4, until the project's limit before the visit):
 * the answer is the visit as it now is; the tickets list shows its ticket's last change.
 */
export function useAnswerVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      visit,
      decision,
      reason,
    }: {
      visit: PortalVisit;
      decision: 'confirmar' | 'rechazar';
      reason?: string;
    }) => portalApi.answer(visit.id, decision, reason),
    onSuccess: (answer, { visit }) => {
      if (answer) applyVisit(queryClient, answer);
      else refetchVisit(queryClient, visit);
      void queryClient.invalidateQueries({ queryKey: portalKeys.tickets() });
    },
    onError: (_error, { visit }) => refetchVisit(queryClient, visit),
  });
}

/**
 * POST entregas/portal/entregas/{id}/confirmar|rechazar (docs/product.md §4 delivery schedule, until the
 * project's limit before it): the answer is the appointment as it now is and replaces its card; an
 * empty answer (no longer standing) or a refusal (the limit passed meanwhile) asks for the list again.
 */
export function useAnswerDelivery() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: myDeliveriesQuery.queryKey });
  return useMutation({
    mutationFn: ({
      delivery,
      decision,
      reason,
    }: {
      delivery: PortalDelivery;
      decision: 'confirmar' | 'rechazar';
      reason?: string;
    }) => portalApi.answerDelivery(delivery.id, decision, reason),
    onSuccess: (answer) => {
      if (!answer) return refetch();
      queryClient.setQueryData(myDeliveriesQuery.queryKey, (rows) =>
        rows?.map((d) => (d.id === answer.id ? answer : d)),
      );
    },
    onError: refetch,
  });
}

/**
 * POST portal/solicitudes/{id}/ac/{acId}/firmar (docs/product.md#ac-sign-off): the signature drawn is uploaded,
 * then the act is signed; the answer replaces the act in the ticket's page, whose conversation now lists the
 * signed PDF.
 */
export function useSignPortalAc(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ acId, signerName, signature }: { acId: number; signerName: string; signature: File }) =>
      portalApi.signAc(ticketId, acId, { signer_name: signerName, signature_path: await uploadSignature(signature) }),
    onSuccess: (ac) => {
      queryClient.setQueryData(
        portalTicketQuery(ticketId).queryKey,
        (ticket) => ticket && { ...ticket, acs: ticket.acs.map((a) => (a.id === ac.id ? ac : a)) },
      );
      void queryClient.invalidateQueries({ queryKey: portalKeys.messages(ticketId) });
    },
  });
}

/** GET portal/solicitudes/{id}/ac/{acId}/pdf saved as a file: the signed act, or a preview while unsigned. */
export function usePortalAcPdf(ticketId: number) {
  return useMutation({
    mutationFn: async (ac: Pick<PortalAc, 'id' | 'code'>) =>
      saveBlob(await portalApi.acPdf(ticketId, ac.id), acPdfName(ac.code)),
  });
}
