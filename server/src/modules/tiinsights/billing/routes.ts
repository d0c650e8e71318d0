import { Hono } from 'hono';
import { PROVIDER_STAFF } from '#domain/billing';
import { invoiceIssueSchema, invoicePaymentSchema, planSchema } from '#domain/schemas/billing';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { billingOverview, invoicePdf, issueInvoice, payInvoice, pdfAnswer, savePlan } from '../../billing/service.ts';

/**
 * The provider's side of billing (docs/decisions.md D-284), for its support staff (ryr). The provider works across
 * companies, so `:companyId` is any company's (an unknown one is a 404):
 *   GET  empresas/{companyId}/facturacion     the company's billing, as its admin sees it in /billing
 *   PUT  empresas/{companyId}/plan            set its plan
 *   POST empresas/{companyId}/facturas        issue a period's invoice (409: already issued, or no plan)
 *   POST facturas/{invoiceId}/pago            record its payment (409: already paid)
 *   GET  facturas/{invoiceId}/pdf             the invoice's PDF
 */
export const providerBillingRoutes = new Hono<AppEnv>()
  .get('/empresas/:companyId/facturacion', requirePermission(PROVIDER_STAFF), async (c) => {
    const db = c.var.deps.database.db;
    return c.json({ data: await billingOverview(db, idParam(c.req.param('companyId'))) });
  })
  .put('/empresas/:companyId/plan', requirePermission(PROVIDER_STAFF), async (c) => {
    const db = c.var.deps.database.db;
    const companyId = idParam(c.req.param('companyId'));
    await savePlan(db, currentUser(c), companyId, await jsonBody(c, planSchema));
    return c.json({ data: await billingOverview(db, companyId) });
  })
  .post('/empresas/:companyId/facturas', requirePermission(PROVIDER_STAFF), async (c) => {
    const db = c.var.deps.database.db;
    const companyId = idParam(c.req.param('companyId'));
    const invoice = await issueInvoice(db, currentUser(c), companyId, await jsonBody(c, invoiceIssueSchema));
    return c.json({ data: invoice }, 201);
  })
  .post('/facturas/:invoiceId/pago', requirePermission(PROVIDER_STAFF), async (c) => {
    const db = c.var.deps.database.db;
    const input = await jsonBody(c, invoicePaymentSchema);
    return c.json({ data: await payInvoice(db, currentUser(c), idParam(c.req.param('invoiceId')), input) });
  })
  .get('/facturas/:invoiceId/pdf', requirePermission(PROVIDER_STAFF), async (c) => {
    const { bytes, filename } = await invoicePdf(c.var.deps.database.db, c.var.t, idParam(c.req.param('invoiceId')));
    return pdfAnswer(c, bytes, filename);
  });
