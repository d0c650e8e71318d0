import { eq, inArray } from 'drizzle-orm';
import { isEmbeddingOrigin } from '#domain/validation';
import type { DbOrTx } from '../db/client.ts';
import { projectSettings } from '../db/schema/index.ts';

/**
 * Which sites may embed the owner portal (docs/product.md#owner-portal): the iframe setting of each project
 * (project_settings.iframe, written by after-sales' project settings and deliveries' iframe tab). Read by
 * the portal's frame-ancestors, the iframe tab's answer and the live gateway's Origin check for owners,
 * so none of them depends on the module that writes it.
 */

/**
 * The frame-ancestors value for these allowed origins: our own origin always, then theirs. Origins
 * saved before only https was accepted (or anything else that is not an https origin) are left out.
 */
export const frameAncestorsPolicy = (origins: Iterable<string>) =>
  ["'self'", ...new Set([...origins].filter(isEmbeddingOrigin))].join(' ');

const enabledOrigins = (rows: { iframe: { enabled: boolean; allowedOrigins: string[] } }[]) =>
  rows.flatMap((r) => (r.iframe.enabled ? r.iframe.allowedOrigins : []));

/** frame-ancestors of the owner portal for projects: 'self' plus the origins their iframe setting allows. */
export async function frameAncestors(db: DbOrTx, projectIds: number[]) {
  const rows = projectIds.length
    ? await db
        .select({ iframe: projectSettings.iframe })
        .from(projectSettings)
        .where(inArray(projectSettings.projectId, projectIds))
    : [];
  return frameAncestorsPolicy(enabledOrigins(rows));
}

/** Every site a company lets embed the owner portal (the live gateway's Origin check for its owners). */
export async function companyEmbeddingOrigins(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ iframe: projectSettings.iframe })
    .from(projectSettings)
    .where(eq(projectSettings.companyId, companyId));
  return [...new Set(enabledOrigins(rows).filter(isEmbeddingOrigin))];
}
