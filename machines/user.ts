import { setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/**
 * docs/product.md §3/§4 user: active or disabled, e-mail verified or not, signature verified or not. Three
 * independent facts, so three parallel regions; the value is an object
 * `{ cuenta, correo, firma }` (the server keeps each in its own column).
 */
export const USER_REGIONS = {
  cuenta: ['activo', 'deshabilitado'],
  correo: ['sin_verificar', 'verificado'],
  firma: ['sin_verificar', 'verificada'],
} as const;
export type UserState = {
  cuenta: (typeof USER_REGIONS.cuenta)[number];
  correo: (typeof USER_REGIONS.correo)[number];
  firma: (typeof USER_REGIONS.firma)[number];
};

export type UserContext = Record<string, never>;
export type UserInput = OptionalInput<Record<string, never>>;

export type UserEvent =
  | { type: 'user.disable' }
  /** `isUserLimitReached`: the active-user limit of the company, group or project is reached. */
  | { type: 'user.enable'; isUserLimitReached: boolean }
  | { type: 'user.verifyEmail' }
  | { type: 'user.changeEmail' }
  | { type: 'user.verifySignature'; hasSignature: boolean }
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
    hasSignature: ({ event }) => event.type === 'user.verifySignature' && event.hasSignature,
  },
  actions: {
    // Effects, named here and never run by the machine: the module that sends these events will
    // perform them, as the server's commands do (docs/machines.md); none sends them yet: a disabled
    // user's sessions end now; a new address gets a verification link.
    endSessions: () => {},
    sendEmailVerification: () => {},
  },
}).createMachine({
  id: 'user',
  type: 'parallel',
  context: {},
  states: {
    cuenta: {
      initial: 'activo',
      states: {
        activo: { on: { 'user.disable': { target: 'deshabilitado', actions: 'endSessions' } } },
        deshabilitado: { on: { 'user.enable': { target: 'activo', guard: 'isUnderUserLimit' } } },
      },
    },
    correo: {
      initial: 'sin_verificar',
      states: {
        sin_verificar: {
          on: {
            'user.verifyEmail': { target: 'verificado' },
            // Asking again re-sends the link.
            'user.changeEmail': { target: 'sin_verificar', actions: 'sendEmailVerification' },
          },
        },
        verificado: { on: { 'user.changeEmail': { target: 'sin_verificar', actions: 'sendEmailVerification' } } },
      },
    },
    firma: {
      initial: 'sin_verificar',
      states: {
        sin_verificar: { on: { 'user.verifySignature': { target: 'verificada', guard: 'hasSignature' } } },
        verificada: { on: { 'user.changeSignature': { target: 'sin_verificar' } } },
      },
    },
  },
});
