import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** Filled by the tasks sub-feature (docs/api.md, Cmanagement). */
export const taskRoutes = new Hono<AppEnv>();
