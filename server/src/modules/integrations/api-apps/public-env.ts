import type { AppEnv } from '../../../http/context.ts';

/** The API app a public API request was made by, resolved from its bearer token (public-auth.ts). */
export type ApiCaller = {
  appId: number;
  companyId: number;
  name: string;
  clientId: string;
  /** The app's scope now: a rescope applies to tokens already issued. */
  scope: ReadonlySet<string>;
  createdBy: number | null;
};

/** The public API's context: the app instead of a session user. */
export type PublicEnv = { Variables: AppEnv['Variables'] & { apiApp: ApiCaller } };
