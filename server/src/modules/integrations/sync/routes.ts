import { Hono } from 'hono';
import { emptyBody } from '#domain/commands';
import { SYNCED_KINDS, type SyncedKind } from '#domain/integrations';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { notFound } from '../../../lib/errors.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { retryJob, syncLog } from './log.ts';

const kindOf = (value: string | undefined): SyncedKind => {
  const kind = SYNCED_KINDS.find((k) => k === value);
  if (!kind) throw notFound();
  return kind;
};

/** The log of a CRM's or platform's calls (docs/product.md §9), and a failed call tried again by hand. */
export const syncRoutes = new Hono<AppEnv>()
  .get('/:kind{(?:hubspot|procore)}/registro', async (c) =>
    c.json({ data: await syncLog(c.var.deps.database.db, currentUser(c), kindOf(c.req.param('kind'))) }),
  )
  .post('/:kind{(?:hubspot|procore)}/registro/:jobId/reintentar', async (c) => {
    await jsonBody(c, emptyBody);
    const kind = kindOf(c.req.param('kind'));
    await retryJob(c.var.deps.database.db, currentUser(c), kind, idParam(c.req.param('jobId')));
    return c.json({
      message: c.var.t('integrations.sync.retrying'),
      data: await syncLog(c.var.deps.database.db, currentUser(c), kind),
    });
  });
