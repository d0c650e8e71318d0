import { Hono } from 'hono';
import { CONFIG_PROFILES } from '#domain/permissions';
import {
  companyModuleSchema,
  moduleSwitchSchema,
  profileDuplicateSchema,
  profileSchema,
  profileUpdateSchema,
} from '#domain/schemas/profiles';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { notFound } from '../../../lib/errors.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { permissionCatalogue, switchModule } from './modules.ts';
import { createProfile, deleteProfile, duplicateProfile, getProfile, listProfiles, updateProfile } from './service.ts';

function moduleParam(value: string | undefined) {
  const parsed = companyModuleSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** docs/product.md §2 config permisos: profiles, their permissions and the company's modules, with config_permisos. */
export const profileRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_PROFILES))
  .get('/', async (c) => c.json({ data: await listProfiles(c.var.deps.database.db, currentUser(c)) }))
  .get('/catalogo', async (c) =>
    c.json({ data: await permissionCatalogue(c.var.deps.database.db, currentUser(c), c.var.t) }),
  )
  .put('/modulos/:modulo', async (c) => {
    const modulo = moduleParam(c.req.param('modulo'));
    const { enabled } = await jsonBody(c, moduleSwitchSchema);
    return c.json({ data: await switchModule(c.var.deps, currentUser(c), modulo, enabled) });
  })
  .post('/', async (c) => {
    const input = await jsonBody(c, profileSchema);
    return c.json({ data: await createProfile(c.var.deps, currentUser(c), input) }, 201);
  })
  .get('/:profileId', async (c) =>
    c.json({ data: await getProfile(c.var.deps.database.db, currentUser(c), idParam(c.req.param('profileId'))) }),
  )
  .put('/:profileId', async (c) => {
    const id = idParam(c.req.param('profileId'));
    const input = await jsonBody(c, profileUpdateSchema);
    return c.json({ data: await updateProfile(c.var.deps, currentUser(c), id, input) });
  })
  .post('/:profileId/duplicar', async (c) => {
    const id = idParam(c.req.param('profileId'));
    const input = await jsonBody(c, profileDuplicateSchema);
    const suffix = c.var.t('config_profiles.copy_suffix');
    return c.json({ data: await duplicateProfile(c.var.deps, currentUser(c), id, input, suffix) }, 201);
  })
  .delete('/:profileId', async (c) => {
    await deleteProfile(c.var.deps, currentUser(c), idParam(c.req.param('profileId')));
    return c.json({ data: { deleted: true } });
  });
