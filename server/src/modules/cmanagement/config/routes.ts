import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** Filled by the config sub-feature (docs/api.md, Cmanagement). */
export const configRoutes = new Hono<AppEnv>();
