import { describe, expect, it } from 'vitest';
import { can, MODULE_PERMISSIONS, PERMISSIONS, type PermissionSet } from './permissions.ts';

// docs/product.md §6: permissions are string flags; a check accepts 'a|b' (any) or 'a&b' (all), is true when the
// value is not a string, and can be negated. The same evaluator runs on the server and the client.
const asArray: PermissionSet = ['modulo_postventa', 'config_usuarios'];
const asSet: PermissionSet = new Set(['modulo_postventa', 'config_usuarios']);
// The auth user's grupo.permisos map (docs/product.md §3): flag → truthy or falsy value.
const asMap: PermissionSet = { modulo_postventa: true, config_usuarios: 1, modulo_entregas: false, ryr: 0, dbdump: '' };

describe.each([
  ['array', asArray],
  ['Set', asSet],
  ['permisos map', asMap],
])('can() over a %s (docs/product.md §6)', (_, perms) => {
  it('checks a single flag', () => {
    expect(can(perms, 'modulo_postventa')).toBe(true);
    expect(can(perms, 'modulo_entregas')).toBe(false);
  });

  it("'a|b' is true when any flag is held", () => {
    expect(can(perms, 'modulo_entregas|modulo_postventa')).toBe(true);
    expect(can(perms, 'modulo_entregas|ryr')).toBe(false);
  });

  it("'a&b' is true only when all flags are held", () => {
    expect(can(perms, 'modulo_postventa&config_usuarios')).toBe(true);
    expect(can(perms, 'modulo_postventa&modulo_entregas')).toBe(false);
  });

  it("'!a' negates a term, also inside | and &", () => {
    expect(can(perms, '!modulo_entregas')).toBe(true);
    expect(can(perms, '!modulo_postventa')).toBe(false);
    expect(can(perms, '!modulo_postventa|ryr')).toBe(false);
    expect(can(perms, '!modulo_postventa|config_usuarios')).toBe(true);
    expect(can(perms, 'modulo_postventa&!modulo_entregas')).toBe(true);
    expect(can(perms, 'modulo_postventa&!config_usuarios')).toBe(false);
    expect(can(perms, '!!modulo_postventa')).toBe(true);
  });

  it('the negate flag inverts the whole expression', () => {
    expect(can(perms, 'modulo_postventa', true)).toBe(false);
    expect(can(perms, 'modulo_entregas|ryr', true)).toBe(true);
    expect(can(perms, 'modulo_postventa&config_usuarios', true)).toBe(false);
  });

  it('ignores spaces around terms', () => {
    expect(can(perms, ' modulo_entregas | modulo_postventa ')).toBe(true);
    expect(can(perms, 'modulo_postventa & config_usuarios')).toBe(true);
  });

  it('an empty expression or empty term grants nothing', () => {
    expect(can(perms, '')).toBe(false);
    expect(can(perms, '|')).toBe(false);
    expect(can(perms, 'modulo_postventa&')).toBe(false);
  });
});

describe('can() with values that are not strings (docs/product.md §6 "true if the value is not a string")', () => {
  it.each([undefined, null, true, false, 0, ['modulo_postventa'], {}])(
    '%j is allowed, and refused when negated',
    (expression) => {
      expect(can([], expression)).toBe(true);
      expect(can([], expression, true)).toBe(false);
    },
  );
});

describe('can() without a permission set', () => {
  it('treats null or undefined as holding nothing', () => {
    expect(can(null, 'modulo_postventa')).toBe(false);
    expect(can(undefined, '!modulo_postventa')).toBe(true);
    expect(can(null, undefined)).toBe(true);
  });
});

describe('route permissions (docs/product.md §2)', () => {
  it('warranties opens with modulo_entregas or modulo_postventa, tiinsights with ryr or dbdump', () => {
    expect(can(['modulo_entregas'], MODULE_PERMISSIONS.warranties)).toBe(true);
    expect(can(['modulo_postventa'], MODULE_PERMISSIONS.warranties)).toBe(true);
    expect(can(['modulo_calidad'], MODULE_PERMISSIONS.warranties)).toBe(false);
    expect(can(['dbdump'], MODULE_PERMISSIONS.tiinsights)).toBe(true);
    expect(can([], MODULE_PERMISSIONS.billing)).toBe(false);
  });

  it('every flag a route needs is a known permission', () => {
    const flags = Object.values(MODULE_PERMISSIONS).flatMap((e) => e.split(/[|&]/));
    for (const flag of flags) expect(PERMISSIONS as readonly string[]).toContain(flag);
  });
});
