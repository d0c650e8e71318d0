import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { unitOf } from '../shared/scope.ts';
import { actPdf } from './pdf.ts';

/** The ficha's vista-previa-acta tab (docs/product.md#delivery-act): the act as a PDF, inline or as a download. */
export const actRoutes = new Hono<AppEnv>().get('/fichas/:unitId/acta', async (c) => {
  const { bytes, filename } = await actPdf(c.var.deps, currentUser(c), c.var.t, unitOf(c));
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(bytes as Uint8Array<ArrayBuffer>);
});
