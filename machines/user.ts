import { and, not, setup, stateIn } from 'xstate';
import { USER_REGIONS, type UserState } from '#domain/users';
import type { OptionalInput } from './types.ts';

/**
 * docs/product.md §3/§4 user: active, disabled or deleted (the record stays); e-mail verified or not; signature
 * verified or not. Three independent facts, so three parallel regions; the value is an object
 * `{ cuenta, correo, firma }` (the server keeps each in its own column: is_active/deleted_at, email_verified_at,
 * signature_verified_at). The regions and their states are the contract's (domain/users.ts).
 */
export { USER_REGIONS, type UserState };

export type UserContext = Record<string, never>;
export type UserInput = OptionalInput<Record<string, never>>;

export type UserEvent =
  | { type: 'user.disable' }
  /** `isUserLimitReached`: the active-user limit of the company, group or project is reached. */
  | { type: 'user.enable'; isUserLimitReached: boolean }
  | { type: 'user.delete' }
  | { type: 'user.resendEmailVerification' }
  | { type: 'user.verifyEmail' }
  | { type: 'user.changeEmail' }
  | { type: 'user.verifySignature'; hasSignature: boolean }
  | { type: 'user.rejectSignature'; hasSignature: boolean }
  | { type: 'user.changeSignature' };

export type UserEventType = UserEvent['type'];

/** docs/product.md §5: an owner without a verified e-mail cannot get notifications. */
export function canReceiveNotifications(state: UserState): boolean {
  return state.cuenta === 'activo' && state.correo === 'verificado';
}

export const userMachine = setup({
  types: {
    context: {} as UserContext,
    events: {} as UserEvent,
    input: {} as UserInput,
  },
  guards: {
    // docs/product.md §1/§8: a limit of active users per company, project group or project.
    isUnderUserLimit: ({ event }) => event.type === 'user.enable' && !event.isUserLimitReached,
    hasSignature: ({ event }) =>
      (event.type === 'user.verifySignature' || event.type === 'user.rejectSignature') && event.hasSignature,
    // docs/product.md §4: a deleted user's record is kept as it was; its e-mail and signature no longer change.
    isKept: not(stateIn({ cuenta: 'eliminado' })),
  },
  actions: {
    // Effects, named here and performed by the server when it persists the transition
    // (server/src/modules/config/users/commands.ts): a disabled or deleted user's sessions end now and their open
    // tabs are signed out; an unverified address gets a (new) link; a rejected signature image is removed.
    endSessions: () => {},
    sendEmailVerification: () => {},
    removeSignature: () => {},
  },
}).createMachine({
  id: 'user',
  type: 'parallel',
  context: {},
  states: {
    cuenta: {
      initial: 'activo',
      states: {
        activo: {
          on: {
            'user.disable': { target: 'deshabilitado', actions: 'endSessions' },
            'user.delete': { target: 'eliminado', actions: 'endSessions' },
          },
        },
        deshabilitado: {
          on: {
            'user.enable': { target: 'activo', guard: 'isUnderUserLimit' },
            'user.delete': { target: 'eliminado' },
          },
        },
        // docs/product.md §4: kept, struck through and greyed where it is still named; nothing brings it back.
        eliminado: {},
      },
    },
    correo: {
      initial: 'sin_verificar',
      states: {
        sin_verificar: {
          on: {
            'user.verifyEmail': { target: 'verificado', guard: 'isKept' },
            'user.resendEmailVerification': {
              target: 'sin_verificar',
              guard: 'isKept',
              actions: 'sendEmailVerification',
            },
            'user.changeEmail': { target: 'sin_verificar', guard: 'isKept', actions: 'sendEmailVerification' },
          },
        },
        verificado: {
          on: { 'user.changeEmail': { target: 'sin_verificar', guard: 'isKept', actions: 'sendEmailVerification' } },
        },
      },
    },
    firma: {
      initial: 'sin_verificar',
      states: {
        sin_verificar: {
          on: {
            'user.verifySignature': { target: 'verificada', guard: and(['hasSignature', 'isKept']) },
            'user.rejectSignature': {
              target: 'sin_verificar',
              guard: and(['hasSignature', 'isKept']),
              actions: 'removeSignature',
            },
          },
        },
        verificada: {
          on: {
            'user.changeSignature': { target: 'sin_verificar', guard: 'isKept' },
            'user.rejectSignature': {
              target: 'sin_verificar',
              guard: and(['hasSignature', 'isKept']),
              actions: 'removeSignature',
            },
          },
        },
      },
    },
  },
});
