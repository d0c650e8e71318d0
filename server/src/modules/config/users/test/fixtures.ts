import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../../test-support.ts';
import { positions, profiles } from '../../../../db/schema/index.ts';

/** Shared helpers of the user administration tests: the demo company's references and a valid form body. */
export async function userRefs(ctx: TestContext) {
  const db = ctx.db;
  const [profile] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.companyId, ctx.seed.companyId), eq(profiles.name, 'Inspector')));
  const [position] = await db.select().from(positions).where(eq(positions.companyId, ctx.seed.companyId));
  const [otherProfile] = await db.select().from(profiles).where(eq(profiles.companyId, ctx.seed.otherCompanyId));
  return { profileId: profile.id, positionId: position.id, otherProfileId: otherProfile.id };
}
export type UserRefs = Awaited<ReturnType<typeof userRefs>>;

let serial = 0;
/** A valid POST configuracion/usuarios body; `over` replaces fields. */
export function userBody(ctx: TestContext, refs: UserRefs, over: Record<string, unknown> = {}) {
  serial++;
  return {
    username: `nuevo.usuario${serial}`,
    first_name: 'Valentina',
    last_name: 'Muñoz Rojas',
    email: `valentina${serial}@cordillera.cl`,
    position_id: refs.positionId,
    profile_id: refs.profileId,
    all_projects: false,
    project_ids: [ctx.seed.projectIds[0]],
    password: 'clave-segura-1',
    password_confirmation: 'clave-segura-1',
    ...over,
  };
}

/** Creates a user through the API and returns its detail. */
export async function newUser(ctx: TestContext, cookie: string, refs: UserRefs, over: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', 'configuracion/usuarios', { cookie, body: userBody(ctx, refs, over) });
  if (res.status !== 201) throw new Error(`create user: ${res.status} ${res.text}`);
  return res.json.data as { id: number; username: string; state: { cuenta: string; correo: string; firma: string } };
}
