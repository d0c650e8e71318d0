import { emptyBody, type CommandTable } from './commands.ts';
import { USER_ACCOUNT_STATES, userUpdateSchema } from './schemas/users.ts';

/**
 * User administration (/config/usuarios, docs/product.md §1 and §4 User): the contract the server, the client and
 * the sweeps read (docs/modules.md §1). The machine (machines/user.ts) imports the regions and their states.
 */

/** docs/product.md §4 User: active, disabled or deleted (kept, struck through); e-mail and signature verified or not. */
export const USER_REGIONS = {
  cuenta: USER_ACCOUNT_STATES,
  correo: ['sin_verificar', 'verificado'],
  firma: ['sin_verificar', 'verificada'],
} as const;
export type UserAccountState = (typeof USER_REGIONS.cuenta)[number];
export type UserEmailState = (typeof USER_REGIONS.correo)[number];
export type UserSignatureState = (typeof USER_REGIONS.firma)[number];
export type UserState = { cuenta: UserAccountState; correo: UserEmailState; firma: UserSignatureState };

export { USER_ACCOUNT_STATES, USER_SORTS } from './schemas/users.ts';

/** docs/product.md §6 flags of user administration: the list, the forms, the import and the commands. */
export const CONFIG_USERS = 'config_usuarios';
/**
 * Editing the active-user limits (docs/product.md §1): the company's admin only, a flag of its own so a profile may
 * administer users without raising its own plan's limits. Seeing the limits and counts needs CONFIG_USERS.
 */
export const CONFIG_USER_LIMITS = 'config_usuarios_limites';

/**
 * User machine event → URL verb, permission, request body (docs/product.md §4 User). Every path that sends one meets
 * its permission: the verb routes POST configuracion/usuarios/{id}/<verb>, the PATCH (an e-mail or signature change)
 * and the DELETE.
 */
export const userCommands = {
  'user.disable': { verb: 'deshabilitar', permission: CONFIG_USERS, body: emptyBody },
  'user.enable': { verb: 'habilitar', permission: CONFIG_USERS, body: emptyBody },
  // DELETE configuracion/usuarios/{id}: the record stays, struck through (docs/product.md §4).
  'user.delete': { permission: CONFIG_USERS, body: emptyBody },
  'user.resendEmailVerification': { verb: 'reenviar-verificacion', permission: CONFIG_USERS, body: emptyBody },
  // Reached by the e-mailed link (GET auth/email/verify?token=…): the token is the proof, no session is needed.
  'user.verifyEmail': { permission: CONFIG_USERS, body: emptyBody },
  // PATCH configuracion/usuarios/{id} with another e-mail (or the user's own PUT auth/usuario).
  'user.changeEmail': { permission: CONFIG_USERS, body: userUpdateSchema },
  'user.verifySignature': { verb: 'verificar-firma', permission: CONFIG_USERS, body: emptyBody },
  'user.rejectSignature': { verb: 'rechazar-firma', permission: CONFIG_USERS, body: emptyBody },
  // PATCH configuracion/usuarios/{id} with another signature image (or the user's own PUT auth/firma).
  'user.changeSignature': { permission: CONFIG_USERS, body: userUpdateSchema },
} as const satisfies CommandTable;
export type UserCommandType = keyof typeof userCommands;

/** docs/product.md §1/§8: the three scopes an active-user limit applies to, in the order they are checked. */
export const USER_LIMIT_SCOPES = ['company', 'group', 'project'] as const;
export type UserLimitScope = (typeof USER_LIMIT_SCOPES)[number];

/** Columns of the import sheet, in order (the template the screen offers and the export writes). */
export const USER_IMPORT_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'position',
  'profile',
  'projects',
  'password',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
/** Rows one import may hold (a preview the admin can read row by row). */
export const USER_IMPORT_MAX_ROWS = 500;
/** In the import sheet, this value in the projects column means every project (docs/product.md §3 User). */
export const ALL_PROJECTS_TOKEN = '*';
