import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { createApp } from '../../server/src/app.ts';
import { profiles, users } from '../../server/src/db/schema/index.ts';
import { permissionsFor, routeTable, type RouteRow } from '../../server/src/http/route-table.ts';
import { useTempStorage } from '../../server/src/modules/files/test-helpers.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import { createSweepContext } from './sweep-context.ts';
import { expandRoute, fillPath, samplesIn, type RouteCall, type Samples } from './route-samples.ts';
import { PNG, recordsIn, signedPut } from './sweep-records.ts';

/**
 * Permission sweep: every route of the whole app (API v2, files, storage, dev mail), called as
 * anonymous and as every demo role, against what its guards declare (route table) — the audience,
 * the permissions, and for verb routes the permission of the verb's command (domain/<feature>.ts).
 * Anonymous on a guarded route → 401; a role lacking the audience or a permission → 403; a role
 * holding them → anything but 401/403. Routes that need no session answer no 401/403 to anyone.
 * A permission checked inline but not declared shows up here as a mismatch.
 */
const ROLES = [
  'admin',
  'supervisor',
  'agente',
  'inspector',
  'revisor',
  'ejecutivo',
  'gerente',
  'propietario',
  'otra',
] as const;
type Who = 'anonimo' | (typeof ROLES)[number];
type Identity = { kind: 'staff' | 'owner'; permissions: ReadonlySet<string> };
type Expected = 401 | 403 | 'allowed';

let ctx: TestContext;
let cleanup: () => void;
let samples: Samples;
const cookies = new Map<Who, string>();
const identities = new Map<Who, Identity>();

beforeAll(async () => {
  ctx = await createSweepContext();
  cleanup = useTempStorage(ctx).cleanup;
  for (const role of ROLES) cookies.set(role, await ctx.login(role));
  const rows = await ctx.db
    .select({ username: users.username, kind: users.kind, permissions: profiles.permissions })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(inArray(users.username, [...ROLES]));
  for (const r of rows) identities.set(r.username as Who, { kind: r.kind, permissions: new Set(r.permissions ?? []) });
  // The seed has no AC, certificate, plan, uploaded file or notification until someone acts: the
  // sweeps' record set adds one of each (and a ticket, order and failure tied to them) in a demo project.
  const companyId = ctx.seed.companyId;
  const seeded = await samplesIn(ctx, companyId, ctx.seed.projectIds[0]);
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const own = await recordsIn(ctx, {
    companyId,
    projectId: Number(seeded.project),
    unitId: Number(seeded.unit),
    userId: admin.id,
    marker: 'BARRIDO',
  });
  samples = { ...seeded, ...own.samples };
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

/** Calls that change what later calls find run last: deletions, then the end of the session itself. */
const lateness = (c: RouteCall) => (c.template.endsWith('/auth/logout') ? 2 : c.method === 'DELETE' ? 1 : 0);

function expected(row: RouteRow, path: string, who: Who): Expected {
  if (!row.audience) return 'allowed';
  if (who === 'anonimo') return 401;
  const me = identities.get(who)!;
  if ((row.audience === 'staff' || row.audience === 'owner') && me.kind !== row.audience) return 403;
  return permissionsFor(row, path).every((p) => can(me.permissions, p)) ? 'allowed' : 403;
}

const matches = (want: Expected, status: number) =>
  want === 'allowed' ? status !== 401 && status !== 403 : status === want;

/** The concrete request of a call: parameters filled with the demo company's records, credentials where the route takes them. */
async function requestOf(call: RouteCall): Promise<{ url: string; init: RequestInit } | undefined> {
  const json = {
    method: call.method,
    body: ['GET', 'HEAD'].includes(call.method) ? undefined : '{}',
    headers: { 'Content-Type': 'application/json' },
  };
  // Signed local uploads are authorised by the URL's signature alone: a fresh one per call.
  if (call.template === '/storage/o/*') {
    const grant = await signedPut(ctx, cookies.get('admin')!);
    return {
      url: grant.url,
      init: {
        method: 'PUT',
        body: new Uint8Array(PNG),
        headers: { 'Content-Type': grant.contentType, ...(grant.headers ?? {}) },
      },
    };
  }
  // A library upload's part (local storage): a fresh signed part URL of the admin's session, its one part's bytes.
  if (call.template === '/storage/parts/:uploadId/:number') {
    const signed = await ctx.request('POST', `biblioteca/subidas/${samples.upload}/partes`, {
      cookie: cookies.get('admin')!,
      body: { parts: [1] },
    });
    if (signed.status !== 200) return undefined;
    return { url: signed.json.data[0].url, init: { method: 'PUT', body: new Uint8Array(1000) } };
  }
  const template =
    call.template.endsWith('/*') && samples.file ? call.template.replace(/\*$/, String(samples.file)) : call.template;
  const url = fillPath(template, samples);
  return url && !url.includes('*') ? { url, init: json } : undefined;
}

async function send(call: RouteCall, who: Who): Promise<number | undefined> {
  const request = await requestOf(call);
  if (!request) return undefined;
  const headers = new Headers(request.init.headers);
  headers.set('X-Requested-With', 'XMLHttpRequest');
  headers.set('Accept', 'application/json');
  if (who !== 'anonimo') headers.set('Cookie', cookies.get(who)!);
  const res = await ctx.app.request(request.url, { ...request.init, headers });
  await res.arrayBuffer();
  return res.status;
}

describe('permission sweep (every route × anonymous and every demo role)', () => {
  it('answers 401 / 403 / allowed exactly as each route declares', async () => {
    const calls = routeTable(createApp(ctx.deps))
      .flatMap(expandRoute)
      .map((c, i) => ({ c, i }))
      .sort((a, b) => lateness(a.c) - lateness(b.c) || a.i - b.i)
      .map(({ c }) => c);
    const who: Who[] = ['anonimo', ...ROLES];
    const lines: string[] = [];
    const mismatches: string[] = [];
    const unfilled: string[] = [];
    const started = Date.now();
    for (const call of calls) {
      const cells: string[] = [];
      for (const w of who) {
        const status = await send(call, w);
        if (status === undefined) break;
        const want = expected(call.row, call.template, w);
        const ok = matches(want, status);
        if (!ok)
          mismatches.push(
            `${call.method} ${call.template} as ${w}: ${status}, expected ${want === 'allowed' ? 'not 401/403' : want}`,
          );
        cells.push(`${status}${ok ? ' ' : '!'}`.padStart(5));
      }
      if (!cells.length) {
        unfilled.push(`${call.method} ${call.template}`);
        continue;
      }
      const declared = [call.row.audience ?? 'open', ...permissionsFor(call.row, call.template)].join(' ');
      lines.push(`${`${call.method} ${call.template}`.slice(0, 96).padEnd(96)}${cells.join('')}  ${declared}`);
    }
    const header = `${'route (! = mismatch)'.padEnd(96)}${who.map((w) => w.slice(0, 4).padStart(5)).join('')}  declared`;
    console.log(
      [
        `Permission sweep: ${lines.length} calls × ${who.length} callers = ${lines.length * who.length} requests in ${Math.round((Date.now() - started) / 1000)} s`,
        header,
        ...lines,
      ].join('\n'),
    );
    expect(unfilled).toEqual([]);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
