import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import {
  checkpointAnswerSchema,
  receptionCreateSchema,
  receptionListQuerySchema,
  receptionUpdateSchema,
} from '#domain/schemas/verifications';
import { receptionCommands, VERIFICATIONS_INSPECT, VERIFICATIONS_MANAGE } from '#domain/verifications';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { assertProjectVisible, loadReception } from '../shared/scope.ts';
import { receptionCommand, type ReceptionCommandInput } from './commands.ts';
import { answerCheckpoint } from './inspection.ts';
import { receptionPdf } from './pdf.ts';
import { listReceptions, receptionDetail, receptionItem } from './rows.ts';
import { createReception, updateReception } from './service.ts';

/**
 * Receptions of the verification program (docs/api.md, Verifications; domain/verifications.ts), under /verificaciones:
 *   GET    recepciones?project_id&q&state&work_package&from&to   the project's receptions (receptionListSchema)
 *   POST   recepciones                                            one written by hand (verificaciones_gestionar), 201
 *   GET    recepciones/{receptionId}                              its detail (receptionDetailSchema)
 *   PATCH  recepciones/{receptionId}                              its program fields, while programada (gestionar)
 *   POST   recepciones/{receptionId}/iniciar|firmar|anular        receptionCommands (inspeccionar; anular gestionar)
 *   PUT    recepciones/{receptionId}/puntos/{itemId}              one checkpoint's answer, while en_inspeccion
 *                                                                 (inspeccionar) → {data: receptionItemSchema}
 *   GET    recepciones/{receptionId}/acta.pdf                     the PDF record of a signed reception (409 before)
 * Reading needs the module only. A reception of another company or of a project the caller does not see is a 404.
 */
export const receptionRoutes = new Hono<AppEnv>()
  .get('/recepciones', async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, receptionListQuerySchema);
    assertProjectVisible(user, query.project_id);
    return c.json(await listReceptions(c.var.deps.database.db, user, query));
  })
  .post('/recepciones', requirePermission(VERIFICATIONS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const id = await createReception(deps, user, await jsonBody(c, receptionCreateSchema));
    const reception = await loadReception(deps.database.db, user, id);
    return c.json({ data: await receptionDetail(deps.database.db, user, reception) }, 201);
  })
  .get('/recepciones/:receptionId', async (c) => {
    const db = c.var.deps.database.db;
    const user = currentUser(c);
    const reception = await loadReception(db, user, idParam(c.req.param('receptionId')));
    return c.json({ data: await receptionDetail(db, user, reception) });
  })
  .patch('/recepciones/:receptionId', requirePermission(VERIFICATIONS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const reception = await loadReception(deps.database.db, user, idParam(c.req.param('receptionId')));
    await updateReception(deps, user, reception.id, await jsonBody(c, receptionUpdateSchema));
    const written = await loadReception(deps.database.db, user, reception.id);
    return c.json({ data: await receptionDetail(deps.database.db, user, written) });
  })
  .post(
    `/recepciones/:receptionId/:action{${verbPattern(receptionCommands)}}`,
    requireVerbParam(receptionCommands),
    async (c) => {
      const deps = c.var.deps;
      const user = currentUser(c);
      const reception = await loadReception(deps.database.db, user, idParam(c.req.param('receptionId')));
      const [type] = eventsOfVerb(receptionCommands, c.req.param('action')) as ReceptionCommandInput['type'][];
      const body = await jsonBody(c, receptionCommands[type].body);
      await receptionCommand(deps, user, reception.id, { type, body } as ReceptionCommandInput, c.var.t);
      const written = await loadReception(deps.database.db, user, reception.id);
      return c.json({ data: await receptionDetail(deps.database.db, user, written) });
    },
  )
  .put('/recepciones/:receptionId/puntos/:itemId', requirePermission(VERIFICATIONS_INSPECT), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const receptionId = idParam(c.req.param('receptionId'));
    const itemId = idParam(c.req.param('itemId'));
    const reception = await loadReception(deps.database.db, user, receptionId);
    const body = await jsonBody(c, checkpointAnswerSchema);
    await answerCheckpoint(deps, user, reception.id, itemId, body);
    return c.json({ data: await receptionItem(deps.database.db, user.companyId, itemId) });
  })
  .get('/recepciones/:receptionId/acta.pdf', async (c) => {
    const user = currentUser(c);
    const reception = await loadReception(c.var.deps.database.db, user, idParam(c.req.param('receptionId')));
    const { bytes, filename } = await receptionPdf(c.var.deps, user, c.var.t, reception);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${filename}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  });
