import { describe, expect, it } from 'vitest';
import { createApi } from '../api.ts';
import { permissionsFor, routeTable } from './route-table.ts';

describe('route table', () => {
  const rows = routeTable(createApi());
  const row = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path);

  it('lists every route once, with the guards before its handler', () => {
    expect(new Set(rows.map((r) => `${r.method} ${r.path}`)).size).toBe(rows.length);
    expect(row('POST', '/auth/login')).toMatchObject({ audience: undefined, permissions: [] });
    expect(row('GET', '/postventa/solicitudes')).toMatchObject({
      audience: 'staff',
      permissions: ['modulo_entregas|modulo_postventa'],
    });
    expect(row('POST', '/postventa/solicitudes')?.permissions).toEqual([
      'modulo_entregas|modulo_postventa',
      'postventa_crear',
    ]);
  });

  it('does not apply a prefix middleware registered after the route (the owner portal before staff-only)', () => {
    expect(row('GET', '/entregas/portal/entregas')).toMatchObject({ audience: 'owner', permissions: [] });
    expect(row('GET', '/entregas/entrega/:token')).toMatchObject({ audience: undefined, permissions: [] });
  });

  it("a verb route declares one permission per verb, from the feature's command table", () => {
    const verbs = rows.find((r) => r.method === 'POST' && r.path.startsWith('/postventa/solicitudes/:id/:action{'))!;
    expect(verbs.byParam?.[0].permissions).toMatchObject({
      abrir: 'postventa_gestionar',
      cerrar: 'postventa_cerrar',
      reabrir: 'postventa_cerrar',
    });
    expect(permissionsFor(verbs, '/postventa/solicitudes/:id/cerrar')).toEqual([
      'modulo_entregas|modulo_postventa',
      'postventa_cerrar',
    ]);
    expect(permissionsFor(verbs, '/postventa/solicitudes/:id/iniciar')).toEqual([
      'modulo_entregas|modulo_postventa',
      'postventa_gestionar',
    ]);
  });
});
