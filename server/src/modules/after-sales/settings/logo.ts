import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import { attachFiles, detachFiles, readableImage } from '../../files/service.ts';

/** Entity type of a project logo's file: read by staff who see the project and its owners (after-sales/service.ts). */
export const PROJECT_LOGO_FILES = 'project_logo';

/**
 * A logo is an image upload the caller may read (files/access.ts): a path they cannot read, or not an
 * image, is a 422 on the field, so nobody can hand someone else's file to the project's audience.
 */
export async function checkLogo(
  deps: AppDeps,
  user: SessionUser,
  path: string,
  error = { field: 'logo_path', key: 'after_sales.errors.invalid_logo' },
) {
  const file = await readableImage(deps, user, path);
  if (!file) throw new ApiError(422, 'errors.validation', undefined, [error]);
  return file;
}

/** After a project's logo changed: the new file follows the project, the old one goes back to its uploader. */
export async function linkLogo(
  deps: AppDeps,
  companyId: number,
  projectId: number,
  before: string | null,
  after: string | null,
) {
  const entity = { type: PROJECT_LOGO_FILES, id: projectId };
  if (before && before !== after) await detachFiles(deps, companyId, [before], entity);
  if (after) await attachFiles(deps, companyId, [after], entity);
}
