import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** Filled by the issues sub-feature (docs/api.md, Cmanagement). */
export const issueRoutes = new Hono<AppEnv>();
