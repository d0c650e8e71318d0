import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** Filled by the tickets sub-feature (docs/api.md, Cmanagement). */
export const ticketRoutes = new Hono<AppEnv>();
