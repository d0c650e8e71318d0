import { Hono } from 'hono';
import { can } from '#domain/permissions';
import { globalSearchQuerySchema } from '#domain/search';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard, requireStaff } from '../../auth/guard.ts';
import { queryOf } from '../../lib/validate.ts';
import { searchTickets } from '../after-sales/service.ts';
import { searchOwners, searchUnits } from '../deliveries/service.ts';

/**
 * GET /buscar?q= (docs/product.md §9 Global search and shortcuts): the staff top bar's search across the projects the caller
 * sees. Tickets need modulo_postventa, units and owners (whose result opens a ficha) modulo_entregas; a kind
 * the caller lacks answers empty. The modules' data is read through their service.ts only.
 */
export const searchRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('warranties'))
  .get('/', async (c) => {
    const user = currentUser(c);
    const { q } = queryOf(c, globalSearchQuerySchema);
    const db = c.var.deps.database.db;
    const deliveries = can(user.permissions, 'modulo_entregas');
    const [tickets, units, owners] = await Promise.all([
      can(user.permissions, 'modulo_postventa') ? searchTickets(db, user, q) : [],
      deliveries ? searchUnits(db, user, q) : [],
      deliveries ? searchOwners(db, user, q) : [],
    ]);
    return c.json({ data: { tickets, units, owners } });
  });
