import { describe, expect, it } from 'vitest';
import { initialState, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { USER_REGIONS, canReceiveNotifications, userMachine, type UserState } from './user.ts';

const at = (value: Partial<UserState> = {}) => ({
  value: { cuenta: 'activo', correo: 'sin_verificar', firma: 'sin_verificar', ...value } as UserState,
  context: {},
});

describe('user machine', () => {
  it('docs/product.md §4: generated paths walk every user state and transition', async () => {
    const report = await walkModel(userMachine, {
      events: [
        { type: 'user.enable', isUserLimitReached: false },
        { type: 'user.enable', isUserLimitReached: true },
        { type: 'user.verifySignature', hasSignature: true },
        { type: 'user.verifySignature', hasSignature: false },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares the three regions and their states', () => {
    const regions = Object.fromEntries(
      Object.entries(userMachine.root.states).map(([name, node]) => [name, Object.keys(node.states)]),
    );
    expect(regions).toEqual(
      Object.fromEntries(Object.entries(USER_REGIONS).map(([name, states]) => [name, [...states]])),
    );
    expect(initialState(userMachine).value).toEqual({
      cuenta: 'activo',
      correo: 'sin_verificar',
      firma: 'sin_verificar',
    });
  });

  it('docs/product.md §4/§1: disabling ends sessions; enabling is refused at the active-user limit', () => {
    expect(nextState(userMachine, at(), { type: 'user.disable' })).toMatchObject({
      ok: true,
      value: { cuenta: 'deshabilitado' },
      actions: ['endSessions'],
    });
    expect(
      nextState(userMachine, at({ cuenta: 'deshabilitado' }), { type: 'user.enable', isUserLimitReached: true }).ok,
    ).toBe(false);
    expect(
      nextState(userMachine, at({ cuenta: 'deshabilitado' }), { type: 'user.enable', isUserLimitReached: false }),
    ).toMatchObject({ ok: true, value: { cuenta: 'activo' } });
  });

  it('docs/product.md §4: e-mail and signature verification; a change un-verifies and re-sends the link', () => {
    expect(nextState(userMachine, at(), { type: 'user.verifyEmail' })).toMatchObject({
      ok: true,
      value: { correo: 'verificado' },
    });
    expect(nextState(userMachine, at({ correo: 'verificado' }), { type: 'user.changeEmail' })).toMatchObject({
      ok: true,
      value: { correo: 'sin_verificar' },
      actions: ['sendEmailVerification'],
    });
    expect(nextState(userMachine, at(), { type: 'user.changeEmail' })).toMatchObject({
      ok: true,
      value: { correo: 'sin_verificar' },
      actions: ['sendEmailVerification'],
    });
    expect(nextState(userMachine, at(), { type: 'user.verifySignature', hasSignature: false }).ok).toBe(false);
    expect(nextState(userMachine, at(), { type: 'user.verifySignature', hasSignature: true })).toMatchObject({
      ok: true,
      value: { firma: 'verificada', cuenta: 'activo' },
    });
    expect(nextState(userMachine, at({ firma: 'verificada' }), { type: 'user.changeSignature' })).toMatchObject({
      ok: true,
      value: { firma: 'sin_verificar' },
    });
  });

  it('docs/product.md §5: without a verified e-mail there are no notifications', () => {
    expect(canReceiveNotifications(at().value)).toBe(false);
    expect(canReceiveNotifications(at({ correo: 'verificado' }).value)).toBe(true);
    expect(canReceiveNotifications(at({ correo: 'verificado', cuenta: 'deshabilitado' }).value)).toBe(false);
  });
});
