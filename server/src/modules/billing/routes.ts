import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard, requireStaff } from '../../auth/guard.ts';
import { idParam } from '../../lib/validate.ts';
import { billingOverview } from './overview/overview.ts';
import { invoicePdf } from './invoices/pdf.ts';
import { pdfAnswer } from './shared/pdf-answer.ts';

/**
 * Billing (docs/product.md §1, §2 /billing; domain/billing.ts), mounted at /facturacion for staff with modulo_billing:
 * what the company pays for, what it used each month and its invoices (docs/api.md, Billing).
 *   GET /facturacion                              plan, limits, storage, twelve months of usage, invoices
 *   GET /facturacion/facturas/{invoiceId}/pdf     one invoice of the caller's company (another company's: 404)
 */
export const billingRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('billing'))
  .get('/', async (c) => {
    const user = currentUser(c);
    return c.json({ data: await billingOverview(c.var.deps.database.db, user.companyId) });
  })
  .get('/facturas/:invoiceId/pdf', async (c) => {
    const user = currentUser(c);
    const { bytes, filename } = await invoicePdf(
      c.var.deps.database.db,
      c.var.t,
      idParam(c.req.param('invoiceId')),
      user.companyId,
    );
    return pdfAnswer(c, bytes, filename);
  });
