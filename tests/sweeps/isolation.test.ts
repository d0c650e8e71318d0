import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.ts';
import {
  acs,
  deliveryCertificates,
  deliverySchedules,
  failures,
  files,
  orders,
  owners,
  profiles,
  tickets,
  unitOwners,
  units,
  unitTypePlans,
  userProjects,
  users,
} from '../../server/src/db/schema/index.ts';
import { routeTable } from '../../server/src/http/route-table.ts';
import { raw, useTempStorage } from '../../server/src/modules/files/test-helpers.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import { createSweepContext } from './sweep-context.ts';
import { inputsFor, listQuery } from './isolation-inputs.ts';
import {
  API,
  callerFor,
  FILES,
  permissionsNamed,
  planCall,
  type Caller,
  type Planned,
  type Scope,
  SCOPES,
} from './isolation-plan.ts';
import { expandRoute, fillPath, samplesIn, type Samples } from './route-samples.ts';
import { recordsIn, type RecordSet } from './sweep-records.ts';

/**
 * docs/architecture.md §4 on every route of the route table (isolation-plan.ts says who calls with what): a foreign
 * id in the path, query or body answers 404 and never carries another tenant's record. Files too: the
 * file of each owning record of each foreign scope, read and deleted.
 */
type ForeignSet = RecordSet & { marker: string };
let ctx: TestContext;
let cleanup: () => void;
let planned: Planned[];
let own: Samples;
let ownSet: RecordSet;
const sets = {} as Record<Exclude<Scope, 'mixed'>, ForeignSet>;
const cookies = {} as Record<Caller | 'otra', string>;
const permissions = {} as Record<Caller, ReadonlySet<string>>;
const coverage = new Map<string, Set<string>>();
let before: string;
const note = (p: Planned, what: string) => {
  const key = `${p.call.method} ${p.call.row.path.replace(API, '')}`;
  coverage.set(key, (coverage.get(key) ?? new Set()).add(what));
};

const userNamed = async (username: string) =>
  (await ctx.db.select().from(users).where(eq(users.username, username)))[0];
const unitOf = async (username: string) =>
  (
    await ctx.db
      .select({ unitId: unitOwners.unitId, projectId: units.projectId })
      .from(unitOwners)
      .innerJoin(units, eq(units.id, unitOwners.unitId))
      .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
      .innerJoin(users, eq(users.id, owners.userId))
      .where(eq(users.username, username))
      .orderBy(asc(unitOwners.unitId))
      .limit(1)
  )[0];

/** A staff user holding every permission the route table names, who sees every demo project but `hidden`. */
async function limitedUser(admin: typeof users.$inferSelect, granted: string[], hidden: number) {
  const [profile] = await ctx.db
    .insert(profiles)
    .values({
      companyId: admin.companyId,
      name: 'Limitado',
      permissions: granted.filter((p) => p !== 'todos_los_proyectos'),
    })
    .returning();
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: admin.companyId,
      username: 'limitado',
      firstName: 'Lía',
      lastName: 'Limitada',
      passwordHash: admin.passwordHash,
      profileId: profile.id,
    })
    .returning();
  const seen = ctx.seed.projectIds.filter((p) => p !== hidden);
  await ctx.db
    .insert(userProjects)
    .values(seen.map((projectId) => ({ userId: user.id, projectId, companyId: admin.companyId })));
  return profile.permissions;
}

beforeAll(async () => {
  ctx = await createSweepContext();
  ({ cleanup } = useTempStorage(ctx));
  const rows = routeTable(createApp(ctx.deps));
  planned = rows.flatMap(expandRoute).map(planCall);
  const admin = await userNamed('admin');
  const [adminProfile] = await ctx.db.select().from(profiles).where(eq(profiles.id, admin.profileId!));
  const granted = [...new Set([...adminProfile.permissions, ...permissionsNamed(rows)])];
  await ctx.db.update(profiles).set({ permissions: granted }).where(eq(profiles.id, adminProfile.id));
  // Demo project 4 is the hidden one (seed roleProjects: agente and others do not see it either).
  const hidden = ctx.seed.projectIds[4];
  const limited = await limitedUser(admin, granted, hidden);
  const [otherUnit] = await ctx.db
    .select()
    .from(units)
    .where(eq(units.companyId, ctx.seed.otherCompanyId))
    .orderBy(asc(units.id))
    .limit(1);
  const [hiddenUnit] = await ctx.db
    .select()
    .from(units)
    .where(eq(units.projectId, hidden))
    .orderBy(asc(units.id))
    .limit(1);
  const [mine, theirs] = [await unitOf('propietario'), await unitOf('propietario2')];
  const demo = ctx.seed.companyId;
  // Records of the company as a whole (workers, courses) belong to no project or owner: only the other company's
  // set and the caller's own have them.
  const set = async (companyId: number, projectId: number, unitId: number, uploader: string, marker: string) => ({
    ...(await recordsIn(ctx, {
      companyId,
      projectId,
      unitId,
      userId: (await userNamed(uploader)).id,
      marker,
      companyLevel: companyId !== demo,
    })),
    marker,
  });
  sets.company = await set(ctx.seed.otherCompanyId, otherUnit.projectId, otherUnit.id, 'otra', 'AJENO-EMPRESA');
  sets.company.samples = {
    ...(await samplesIn(ctx, ctx.seed.otherCompanyId, otherUnit.projectId)),
    ...sets.company.samples,
  };
  sets.project = await set(demo, hidden, hiddenUnit.id, 'supervisor', 'AJENO-PROYECTO');
  sets.project.samples = { ...(await samplesIn(ctx, demo, hidden)), ...sets.project.samples };
  sets.owner = await set(demo, theirs.projectId, theirs.unitId, 'admin', 'AJENO-PROPIETARIO');
  ownSet = await recordsIn(ctx, {
    companyId: demo,
    projectId: mine.projectId,
    unitId: mine.unitId,
    userId: admin.id,
    marker: 'PROPIO',
  });
  own = { ...(await samplesIn(ctx, demo)), ...ownSet.samples };
  [cookies.admin, cookies.limited, cookies.owner, cookies.otra] = await Promise.all(
    ['admin', 'limitado', 'propietario', 'otra'].map((u) => ctx.login(u)),
  );
  permissions.admin = new Set(granted);
  permissions.limited = new Set(limited);
  const owner = await userNamed('propietario');
  permissions.owner = new Set(
    owner.profileId
      ? (await ctx.db.select().from(profiles).where(eq(profiles.id, owner.profileId)))[0].permissions
      : [],
  );
  before = await foreignRows();
}, 180_000);

/** The foreign records as stored: no call of the sweep may change them (a refused bulk, a 404 that wrote first). */
async function foreignRows() {
  const all = Object.values(sets);
  const ids = (k: keyof Samples) => all.map((x) => Number(x.samples[k]));
  const db = ctx.db;
  return JSON.stringify(
    await Promise.all([
      db
        .select()
        .from(tickets)
        .where(inArray(tickets.id, ids('ticket'))),
      db
        .select()
        .from(failures)
        .where(inArray(failures.id, ids('failure'))),
      db
        .select()
        .from(orders)
        .where(inArray(orders.id, ids('order'))),
      db
        .select()
        .from(acs)
        .where(inArray(acs.id, ids('ac'))),
      db
        .select()
        .from(units)
        .where(inArray(units.id, ids('unit'))),
      db
        .select()
        .from(deliverySchedules)
        .where(inArray(deliverySchedules.id, ids('schedule'))),
      db
        .select()
        .from(deliveryCertificates)
        .where(inArray(deliveryCertificates.id, ids('certificate'))),
      db
        .select()
        .from(unitTypePlans)
        .where(inArray(unitTypePlans.id, ids('plan'))),
      db
        .select()
        .from(files)
        .where(
          inArray(
            files.path,
            all.flatMap((x) => Object.values(x.files)),
          ),
        ),
    ]),
  );
}

afterAll(async () => {
  const lines = [...coverage]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, what]) => `  ${route}: ${[...what].join('; ')}`);
  const swept = [...coverage.values()].filter((w) => [...w].some((x) => SCOPES.includes(x as Scope))).length;
  const tally = SCOPES.map((s) => `${s} ${[...coverage.values()].filter((w) => w.has(s)).length}`).join(', ');
  const lists = [...coverage.values()].filter((w) => [...w].some((x) => x.includes('(unfiltered'))).length;
  console.log(
    `isolation sweep: ${swept} of ${coverage.size} routes called with foreign ids (per scope: ${tally}); ${lists} unfiltered reads checked\n${lines.join('\n')}`,
  );
  await ctx?.close();
  cleanup?.();
});

/** The foreign records' markers a scope's caller must never see (the admin sees the demo company's hidden project and owners). */
const FOREIGN: Record<Scope, Exclude<Scope, 'mixed'>[]> = {
  company: ['company'],
  mixed: ['company'],
  project: ['company', 'project'],
  owner: ['company', 'project', 'owner'],
};
const markers = (scope: Scope) => FOREIGN[scope].map((s) => sets[s].marker);

/** The same samples with ids that name nothing (a file path of no upload). */
const unknown = (s: Samples): Samples =>
  Object.fromEntries(
    Object.entries(s).map(([k, v]) => [
      k,
      typeof v === 'number'
        ? 2_000_000_000 + v
        : k === 'file'
          ? v.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000')
          : v,
    ]),
  );

/** A response with every sample id (foreign or unknown) replaced, so two answers compare on what they reveal. */
function normalised(text: string, ...samples: Samples[]) {
  const ids = samples
    .flatMap((s) => Object.values(s))
    .map(String)
    .sort((a, b) => b.length - a.length);
  return ids.reduce(
    (t, id) => t.replace(new RegExp(`\\b${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`, 'g'), '<id>'),
    text,
  );
}

/**
 * A foreign record named in the path must answer 404. One named only in the query or body (a list
 * filter, bulk ids, the unit of a new ticket, the failures of an own ticket's new order) must answer
 * exactly as an id that does not exist does: lists filter to nothing, bulk reports it not found, a
 * reference is refused alike, none of which says anything about the foreign record.
 */
async function problem(
  p: Planned,
  scope: Scope,
  who: Caller,
  path: Samples,
  named: Samples,
): Promise<string | undefined> {
  const url = fillPath(p.template, path)!;
  const call = async (s: Samples) => {
    const { body, query } = inputsFor(p.call.method, p.template, s);
    return {
      url: `${p.call.method} ${url}${query}`,
      res: await ctx.request(p.call.method, `${API}${url}${query}`, { cookie: cookies[who], body }),
    };
  };
  const { url: sent, res } = await call(named);
  const leaked = markers(scope).find((m) => res.text.includes(m));
  if (leaked) return `${sent} as ${who}: ${res.status} shows ${leaked}`;
  const foreignInPath = scope === 'mixed' ? p.kinds.length > 1 : p.kinds.length > 0;
  if (foreignInPath)
    return res.status === 404 ? undefined : `${sent} as ${who}: ${res.status} ${res.text.slice(0, 160)}`;
  const none = unknown(named);
  const baseline = (await call(none)).res;
  if (baseline.status === res.status && normalised(baseline.text, named, none) === normalised(res.text, named, none))
    return undefined;
  return `${sent} as ${who}: ${res.status} ${res.text.slice(0, 120)} — unknown ids: ${baseline.status} ${baseline.text.slice(0, 120)}`;
}

describe.each(['company', 'project', 'owner', 'mixed'] as const)('isolation sweep: %s scope', (scope) => {
  it('every route with a record id answers 404 and shows no foreign record', async () => {
    const failures: string[] = [];
    for (const p of planned) {
      if (p.skip) {
        note(p, `skipped: ${p.skip}`);
        continue;
      }
      if (p.call.template === `${FILES}/*`) continue;
      const who = callerFor(p, scope, permissions);
      if (typeof who !== 'string') {
        note(p, `${scope} n/a: ${who.skip}`);
        continue;
      }
      // Mixed: the caller's own record first in the path, the rest of the path and the body foreign.
      const named = scope === 'mixed' ? sets.company.samples : sets[scope].samples;
      const path = scope === 'mixed' ? { ...named, [p.kinds[0]]: own[p.kinds[0]] } : named;
      if (!fillPath(p.template, path)) {
        failures.push(`${scope} ${p.call.method} ${p.template}: no sample`);
        continue;
      }
      const found = await problem(p, scope, who, path, named);
      if (found) failures.push(found);
      note(p, scope);
    }
    expect(failures).toEqual([]);
  });
});

describe('isolation sweep: reads that name no record', () => {
  it.each(['company', 'project', 'owner'] as const)(
    'lists, boards and exports never show a record of the %s scope',
    async (scope) => {
      const found: string[] = [];
      for (const p of planned.filter(
        (x) => x.call.method === 'GET' && !x.kinds.length && x.call.row.audience && x.call.template.startsWith(API),
      )) {
        const who = callerFor(p, scope, permissions);
        if (typeof who !== 'string') continue;
        const res = await ctx.request('GET', `${API}${p.template}${listQuery(p.template)}`, { cookie: cookies[who] });
        const leaked = markers(scope).find((m) => res.text.includes(m));
        if (leaked) found.push(`GET ${p.template} as ${who}: ${res.status} shows ${leaked}`);
        note(
          p,
          res.status < 400
            ? `${scope} (unfiltered: no foreign row)`
            : `${scope} unfiltered n/a: ${res.status} without a record named`,
        );
      }
      expect(found).toEqual([]);
    },
  );
});

describe('isolation sweep: files', () => {
  const callers = { company: 'admin', project: 'limited', owner: 'owner' } as const;
  it.each(Object.entries(callers))(
    'a file of each record of the %s scope is 404 to read, download and delete',
    async (scope, who) => {
      const found: string[] = [];
      for (const [kind, path] of Object.entries(sets[scope as keyof typeof callers].files)) {
        // A logo follows the project, and the other owner's project is the demo owner's too.
        if (scope === 'owner' && kind === 'logo') continue;
        for (const url of [`${FILES}/${path}`, `${FILES}/${path}?download=1`]) {
          const res = await raw(ctx, url, { cookie: cookies[who] });
          if (res.status !== 404) found.push(`GET ${kind} ${url}: ${res.status}`);
        }
        const del = await ctx.request('DELETE', `files/${path}`, { cookie: cookies[who] });
        if (del.status !== 404) found.push(`DELETE ${kind}: ${del.status}`);
      }
      for (const p of planned.filter((x) => x.kinds.includes('file') && !x.skip))
        note(p, `${scope} (files of every record)`);
      expect(found).toEqual([]);
    },
  );

  it('an owner reads the public file of their own ticket, not its private one', async () => {
    expect((await raw(ctx, `${FILES}/${ownSet.files.public}`, { cookie: cookies.owner })).status).toBe(200);
    expect((await raw(ctx, `${FILES}/${ownSet.files.private}`, { cookie: cookies.owner })).status).toBe(404);
  });
});

describe('isolation sweep: the foreign records are real and untouched', () => {
  it('their own users reach them, so each 404 above is the scope answering and each list could have shown them', async () => {
    const shows = async (url: string, cookie: string, marker: string) =>
      (await ctx.request('GET', url, { cookie })).text.includes(marker);
    expect(await shows('postventa/solicitudes', cookies.otra, sets.company.marker)).toBe(true);
    expect(await shows('postventa/solicitudes', cookies.admin, sets.project.marker)).toBe(true);
    expect(await shows('postventa/portal/solicitudes', await ctx.login('propietario2'), sets.owner.marker)).toBe(true);
    expect(
      (await ctx.request('GET', `postventa/solicitudes/${sets.company.samples.ticket}`, { cookie: cookies.otra }))
        .status,
    ).toBe(200);
    expect((await raw(ctx, `${FILES}/${sets.company.files.private}`, { cookie: cookies.otra })).status).toBe(200);
    for (const scope of ['project', 'owner'] as const) {
      expect(
        (await ctx.request('GET', `postventa/solicitudes/${sets[scope].samples.ticket}`, { cookie: cookies.admin }))
          .status,
      ).toBe(200);
      expect((await raw(ctx, `${FILES}/${sets[scope].files.private}`, { cookie: cookies.admin })).status).toBe(200);
    }
  });

  it('no call of the sweep changed them', async () => {
    expect(await foreignRows()).toBe(before);
  });
});
