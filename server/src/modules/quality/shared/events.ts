import type { z } from 'zod';
import type { bimFileProgressEventSchema } from '#domain/quality-responses';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';

/** Entity types of Quality's live events (the topic's tail: qa/<c>/projects/<p>/<type>s/<id>). */
export const QUALITY_ENTITY = { model: 'bim_model', activity: 'quality_activity' } as const;

/**
 * One Quality outbox event on the project's topic (docs/architecture.md §5), written in the caller's transaction
 * (call it last: it holds the outbox lock until commit). `data` is what every client in the project's room receives.
 */
export function recordQualityEvent(
  tx: Tx,
  event: {
    type: string;
    companyId: number;
    projectId: number;
    entity?: { type: string; id: number };
    actorId?: number | null;
    data: Record<string, unknown>;
  },
) {
  return recordEvent(tx, {
    type: event.type,
    companyId: event.companyId,
    projectId: event.projectId,
    entity: event.entity ?? null,
    actorId: event.actorId ?? null,
    data: event.data,
  });
}

export type BimFileProgressData = z.infer<typeof bimFileProgressEventSchema>;

/** Live 'bim.file.progress' (domain/quality-responses.ts bimFileProgressEventSchema): a file's processing moved. */
export const recordBimFileProgress = (
  tx: Tx,
  at: { companyId: number; projectId: number; actorId?: number | null },
  data: BimFileProgressData,
) =>
  recordQualityEvent(tx, {
    type: 'bim.file.progress',
    companyId: at.companyId,
    projectId: at.projectId,
    entity: { type: QUALITY_ENTITY.model, id: data.model_id },
    actorId: at.actorId,
    data,
  });
