import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard } from '../../auth/guard.ts';
import { sortedPageQuery } from '../../lib/paging.ts';
import { queryOf } from '../../lib/validate.ts';
import { getProject, listProjects, myTasks, PROJECT_SORTS } from './service.ts';

const projectsQuery = sortedPageQuery(PROJECT_SORTS).extend({ search: z.string().trim().max(100).optional() });

/** docs/product.md §2 home: proyectos (list or cards) and tareas (my tasks). */
export const homeRoutes = new Hono<AppEnv>()
  .use(moduleGuard('home'))
  .get('/proyectos', async (c) => c.json(await listProjects(c.var.deps, currentUser(c), queryOf(c, projectsQuery))))
  .get('/proyectos/:projectId{[0-9]{1,9}}', async (c) =>
    c.json({ data: await getProject(c.var.deps, currentUser(c), Number(c.req.param('projectId'))) }),
  )
  .get('/tareas', async (c) => c.json({ data: await myTasks(c.var.deps, currentUser(c)) }))
  // docs/product.md §2 module banner: the mobile app's links as configured (README: MOBILE_APP_*), null when not.
  .get('/app-movil', (c) => c.json({ data: c.var.deps.config.mobileApps }));
