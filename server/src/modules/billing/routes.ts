import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';

/**
 * Billing (docs/product.md §1, §2 /billing; domain/billing.ts), mounted at /facturacion for staff with modulo_billing:
 * what the company pays for, what it used each month and its invoices. docs/api.md lists every endpoint.
 */
export const billingRoutes = new Hono<AppEnv>().use(requireStaff).use(moduleGuard('billing'));
