import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AcFollowUp } from '#machines/ac';
import { acPdfName } from '#domain/acs';
import { uploadSignature } from '../../../widgets/upload/signature-upload.ts';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import { afterSalesKeys } from './keys.ts';
import { invalidateTicketLists, invalidateTicketParts } from './ticket-cache.ts';
import type { AcView } from './types.ts';
import { acsApi } from './work-api.ts';

/**
 * The AC writes of docs/product.md §4, one hook each for a ticket's whole list of ACs. The answers carry
 * only the AC's id and state, so the ACs are asked again with what they move.
 */

/**
 * A result or a follow-up: a non-conforming or rejected AC sends its failures back (a new batch,
 * docs/product.md §4) with a new OI or OT, so failures, orders, header, timeline and the lists' progress change.
 */
function afterAcResult(queryClient: QueryClient, ticketId: number) {
  invalidateTicketParts(queryClient, ticketId, ['acs', 'failures', 'orders', 'detail', 'timeline']);
  invalidateTicketLists(queryClient);
}

/** POST solicitudes/{id}/ac: an AC for solved failures that have none; they then show it. */
export function useCreateAc(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (failureIds: number[]) => acsApi.create(ticketId, failureIds),
    onSuccess: () => invalidateTicketParts(queryClient, ticketId, ['acs', 'failures', 'detail', 'timeline']),
  });
}

/** POST solicitudes/{id}/ac/{acId}/responder: the owner's answer, recorded by staff. */
export function useReplyAc(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ acId, body }: { acId: number; body: Parameters<typeof acsApi.reply>[2] }) =>
      acsApi.reply(ticketId, acId, body),
    onSuccess: () => afterAcResult(queryClient, ticketId),
  });
}

/** POST solicitudes/{id}/ac/{acId}/seguimiento: re-inspection (OI) or work order (OT) after a non-conforming answer. */
export function useAcFollowUp(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ acId, followUp }: { acId: number; followUp: AcFollowUp }) =>
      acsApi.followUp(ticketId, acId, followUp),
    onSuccess: () => afterAcResult(queryClient, ticketId),
  });
}

/** What the sign-off dialog sends: the signer's name and the signature drawn (a PNG file). */
export type AcSignRequest = { acId: number; signerName: string; signature: File };

/**
 * POST solicitudes/{id}/ac/{acId}/firmar (docs/product.md#ac-sign-off): the signature is uploaded first, then
 * the act is signed; the answer is the AC as it now is and replaces it in the list, and the timeline shows
 * the signed PDF among the ticket's documents.
 */
export function useSignAc(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ acId, signerName, signature }: AcSignRequest) =>
      acsApi.sign(ticketId, acId, { signer_name: signerName, signature_path: await uploadSignature(signature) }),
    onSuccess: (ac) => {
      queryClient.setQueryData(afterSalesKeys.acs(ticketId), (list: AcView[] | undefined) =>
        list?.map((a) => (a.id === ac.id ? ac : a)),
      );
      invalidateTicketParts(queryClient, ticketId, ['detail', 'timeline']);
    },
  });
}

/** GET solicitudes/{id}/ac/{acId}/pdf, saved as a file: the signed act, or a preview while unsigned. */
export function useAcPdfDownload(ticketId: number) {
  return useMutation({
    mutationFn: async (ac: Pick<AcView, 'id' | 'code'>) =>
      saveBlob(await acsApi.pdf(ticketId, ac.id), acPdfName(ac.code)),
  });
}
