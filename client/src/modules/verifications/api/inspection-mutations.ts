import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { UPLOAD_URL_DEFAULT } from '#domain/files';
import type { AttachmentView } from '#domain/responses';
import type { CheckpointAnswerInput } from '#domain/schemas/verifications';
import type { followUpCloseSchema, receptionCancelSchema } from '#domain/verifications';
import type { FollowUpRow, ReceptionDetail, ReceptionItem } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { uploadSignature } from '../../../widgets/upload/signature-upload.ts';
import { uploadFile } from '../../../widgets/upload/upload-api.ts';
import { verificationKeys } from './keys.ts';
import { VERIFICATIONS_API } from './receptions.ts';

/**
 * The inspection's writes (domain/verifications.ts receptionCommands, followUpCommands and the checkpoint answers):
 * every answer goes into the reception's detail (setQueryData); the project's list, Gantt and follow-ups (work())
 * are asked again, since each write changes what they show. Field errors (422) are shown where they belong, not as a
 * toast.
 */
const silent = { silent: true } as const;
const RECEPTIONS = `${VERIFICATIONS_API}/recepciones`;

function useWriteReception() {
  const queryClient = useQueryClient();
  return (detail: ReceptionDetail) => {
    queryClient.setQueryData(verificationKeys.reception(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: verificationKeys.work(detail.project_id) });
  };
}

export type ReceptionCommand =
  { verb: 'iniciar'; body: Record<string, never> } | { verb: 'anular'; body: z.input<typeof receptionCancelSchema> };

/** POST verificaciones/recepciones/{id}/{iniciar|anular}: the answer is the reception's detail. */
export function useReceptionCommand(receptionId: number) {
  const write = useWriteReception();
  return useMutation({
    mutationFn: ({ verb, body }: ReceptionCommand) =>
      apiV2
        .post<DataEnvelope<ReceptionDetail>>(`${RECEPTIONS}/${receptionId}/${verb}`, body, silent)
        .then((r) => r.data),
    onSuccess: write,
  });
}

/** The sign-off as drawn: both signatures as PNG files, who signs for the contractor, the general observations. */
export type ReceptionSignOff = {
  inspector: File;
  contractor: File;
  contractor_signer: string;
  observations: string | null;
};

/**
 * POST verificaciones/recepciones/{id}/firmar: the two signatures are uploaded first (files/upload-url), then the
 * sign-off names their paths. A 422 may name checkpoints (`items.<itemId>`) still missing an answer or evidence.
 */
export function useSignReception(receptionId: number) {
  const write = useWriteReception();
  return useMutation({
    mutationFn: async (input: ReceptionSignOff) => {
      const [inspector, contractor] = await Promise.all([
        uploadSignature(input.inspector),
        uploadSignature(input.contractor),
      ]);
      const body = {
        inspector_signature_path: inspector,
        contractor_signature_path: contractor,
        contractor_signer: input.contractor_signer,
        observations: input.observations,
      };
      return apiV2
        .post<DataEnvelope<ReceptionDetail>>(`${RECEPTIONS}/${receptionId}/firmar`, body, silent)
        .then((r) => r.data);
    },
    onSuccess: write,
  });
}

/** A checkpoint's answer in the detail, and the counts that follow from its items. */
export function withItem(detail: ReceptionDetail, item: ReceptionItem): ReceptionDetail {
  const items = detail.items.map((i) => (i.id === item.id ? item : i));
  return {
    ...detail,
    items,
    answered_count: items.filter((i) => i.result !== null).length,
    failed_count: items.filter((i) => i.result === 'no_cumple').length,
  };
}

export type CheckpointAnswer = {
  itemId: number;
  body: CheckpointAnswerInput;
  /** The photos `body.photo_paths` names, shown at once (optimistic) until the answer comes. */
  photos?: AttachmentView[];
};

/**
 * PUT verificaciones/recepciones/{id}/puntos/{itemId}: saved as soon as the inspector answers, shown at once in the
 * detail; a refusal puts that checkpoint back as the server has it (the card keeps what was typed and says why).
 * One hook for every card; each call's own outcome is its promise (mutateAsync).
 */
export function useAnswerCheckpoint(receptionId: number) {
  const queryClient = useQueryClient();
  const key = verificationKeys.reception(receptionId);
  return useMutation({
    mutationFn: ({ itemId, body }: CheckpointAnswer) =>
      apiV2
        .put<DataEnvelope<ReceptionItem>>(`${RECEPTIONS}/${receptionId}/puntos/${itemId}`, body, silent)
        .then((r) => r.data),
    onMutate: async ({ itemId, body, photos }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const detail = queryClient.getQueryData<ReceptionDetail>(key);
      const before = detail?.items.find((i) => i.id === itemId);
      if (detail && before) {
        const next: ReceptionItem = {
          ...before,
          ...(body.result !== undefined ? { result: body.result } : {}),
          ...(body.note !== undefined ? { note: body.note ?? null } : {}),
          ...(body.due_on !== undefined ? { due_on: body.due_on } : {}),
          ...(photos ? { photos } : {}),
        };
        queryClient.setQueryData(key, withItem(detail, next));
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      const detail = queryClient.getQueryData<ReceptionDetail>(key);
      if (detail && context?.before) queryClient.setQueryData(key, withItem(detail, context.before));
    },
    onSuccess: (item) => {
      const detail = queryClient.getQueryData<ReceptionDetail>(key);
      if (!detail) return;
      queryClient.setQueryData(key, withItem(detail, item));
      void queryClient.invalidateQueries({ queryKey: verificationKeys.work(detail.project_id) });
    },
  });
}

/** A photo taken for a checkpoint, uploaded (files/upload-url) before the answer names its path. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: async (file: File): Promise<AttachmentView> => {
      const stored = await uploadFile({
        file,
        context: 'general',
        method: 'put',
        endpoint: UPLOAD_URL_DEFAULT,
        onProgress: () => undefined,
      });
      return { path: stored.path, name: file.name, size: file.size, type: file.type || stored.type };
    },
  });
}

export type FollowUpClose = { followUpId: number; body: z.input<typeof followUpCloseSchema> };

/**
 * POST verificaciones/seguimientos/{id}/cerrar: the answer replaces the row in the project's follow-up lists and in
 * its reception's detail; the reception (approved when its last follow-up closes) and the project's lists are asked
 * again.
 */
export function useCloseFollowUp(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ followUpId, body }: FollowUpClose) =>
      apiV2
        .post<DataEnvelope<FollowUpRow>>(`${VERIFICATIONS_API}/seguimientos/${followUpId}/cerrar`, body, silent)
        .then((r) => r.data),
    onSuccess: (row) => {
      const replace = (rows: FollowUpRow[]) => rows.map((r) => (r.id === row.id ? row : r));
      queryClient.setQueriesData<FollowUpRow[]>(
        { queryKey: [...verificationKeys.work(projectId), 'follow-ups'] },
        (rows) => (rows ? replace(rows) : rows),
      );
      queryClient.setQueryData<ReceptionDetail>(verificationKeys.reception(row.reception_id), (d) =>
        d ? { ...d, follow_ups: replace(d.follow_ups) } : d,
      );
      void queryClient.invalidateQueries({ queryKey: verificationKeys.reception(row.reception_id) });
      void queryClient.invalidateQueries({ queryKey: verificationKeys.work(projectId) });
    },
  });
}
