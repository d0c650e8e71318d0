import { describe, expect, it } from 'vitest';
import { initialState, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { userCommands } from '#domain/users';
import { USER_REGIONS, canReceiveNotifications, userMachine, type UserState } from './user.ts';

const at = (value: Partial<UserState> = {}) => ({
  value: { cuenta: 'activo', correo: 'sin_verificar', firma: 'sin_verificar', ...value } as UserState,
  context: {},
});

describe('user machine', () => {
  it('docs/product.md §4: generated paths walk every user state and transition', async () => {
    const report = await walkModel(userMachine, {
      commands: userCommands,
      events: [
        { type: 'user.rejectSignature', hasSignature: true },
        { type: 'user.rejectSignature', hasSignature: false },
        { type: 'user.enable', isUserLimitReached: false },
        { type: 'user.enable', isUserLimitReached: true },
        { type: 'user.verifySignature', hasSignature: true },
        { type: 'user.verifySignature', hasSignature: false },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
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

  it('docs/product.md §4: deleting keeps the record and ends the sessions; nothing leaves eliminado', () => {
    expect(nextState(userMachine, at(), { type: 'user.delete' })).toMatchObject({
      ok: true,
      value: { cuenta: 'eliminado' },
      actions: ['endSessions'],
    });
    expect(nextState(userMachine, at({ cuenta: 'deshabilitado' }), { type: 'user.delete' })).toMatchObject({
      ok: true,
      value: { cuenta: 'eliminado' },
    });
    const deleted = at({ cuenta: 'eliminado' });
    expect(nextState(userMachine, deleted, { type: 'user.enable', isUserLimitReached: false }).ok).toBe(false);
    expect(nextState(userMachine, deleted, { type: 'user.disable' }).ok).toBe(false);
    expect(nextState(userMachine, deleted, { type: 'user.resendEmailVerification' }).ok).toBe(false);
    expect(nextState(userMachine, deleted, { type: 'user.verifySignature', hasSignature: true }).ok).toBe(false);
  });

  it('a rejected signature is removed and must be uploaded again; a verified e-mail needs no new link', () => {
    expect(
      nextState(userMachine, at({ firma: 'verificada' }), { type: 'user.rejectSignature', hasSignature: true }),
    ).toMatchObject({ ok: true, value: { firma: 'sin_verificar' }, actions: ['removeSignature'] });
    expect(nextState(userMachine, at(), { type: 'user.rejectSignature', hasSignature: false }).ok).toBe(false);
    expect(nextState(userMachine, at({ correo: 'verificado' }), { type: 'user.resendEmailVerification' }).ok).toBe(
      false,
    );
  });

  it('docs/product.md §5: without a verified e-mail there are no notifications', () => {
    expect(canReceiveNotifications(at().value)).toBe(false);
    expect(canReceiveNotifications(at({ correo: 'verificado' }).value)).toBe(true);
    expect(canReceiveNotifications(at({ correo: 'verificado', cuenta: 'deshabilitado' }).value)).toBe(false);
  });
});
