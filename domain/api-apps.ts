import { PERMISSION_CATALOGUE, type CatalogueFlag } from './permission-catalogue.ts';

/**
 * API apps (docs/product.md §2 config integraciones apps): credentials a company issues to an external system,
 * which trades them for short-lived bearer tokens of the public API (docs/api.md "Public API").
 */

/** An app is active until revoked; a revoked app's tokens stop at once and its secret can never be rotated again. */
export const API_APP_STATES = ['activa', 'revocada'] as const;
export type ApiAppState = (typeof API_APP_STATES)[number];

/** The flags an app's scope may name: the permission catalogue's (a subset of what its creator holds). */
export const API_APP_SCOPE_FLAGS = PERMISSION_CATALOGUE.map((e) => e.flag) as [CatalogueFlag, ...CatalogueFlag[]];

/** Prefix of the public client id, so a leaked value is recognisable in logs and secret scanners. */
export const API_APP_CLIENT_ID_PREFIX = 'app_';
/** Prefix of the secret shown once. */
export const API_APP_SECRET_PREFIX = 'sk_';

/** Access tokens live one hour (OAuth 2 client credentials answer's expires_in). */
export const API_TOKEN_TTL_SECONDS = 3600;
/** Requests per minute and app, unless PUBLIC_API_RATE_PER_MINUTE says otherwise. */
export const API_RATE_PER_MINUTE_DEFAULT = 120;
/** docs/product.md §9 in the spirit of the webhook log: the call log shows at most 100 calls. */
export const API_CALL_LOG_MAX = 100;
/** Calls older than this are pruned. */
export const API_CALL_RETENTION_DAYS = 30;
/** App names: 2 to 80 characters. */
export const API_APP_NAME_MIN = 2;
export const API_APP_NAME_MAX = 80;

/** The base path of the public API, outside the session API (server/src/app.ts). */
export const PUBLIC_API_BASE = '/api/public/v1';
