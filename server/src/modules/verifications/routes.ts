import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { followUpRoutes } from './follow-ups/routes.ts';
import { programRoutes } from './program/routes.ts';
import { receptionRoutes } from './receptions/routes.ts';
import { templateRoutes } from './templates/routes.ts';

/**
 * Verifications / Reception (docs/product.md §1, §2 /verifications and config/recepciones; domain/verifications.ts),
 * mounted at /verificaciones for staff with the module (verifications-access): the reception templates (written with
 * config_recepciones), the program and its upload (verificaciones_gestionar), the inspections and their follow-ups
 * (verificaciones_inspeccionar). docs/api.md lists every endpoint.
 */
export const verificationRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('verifications'))
  .route('/', templateRoutes)
  .route('/', programRoutes)
  .route('/', receptionRoutes)
  .route('/', followUpRoutes);
