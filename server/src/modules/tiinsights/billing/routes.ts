import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** The provider's side of billing (docs/decisions.md D-284): a company's plan, its invoices and their payments. */
export const providerBillingRoutes = new Hono<AppEnv>();
