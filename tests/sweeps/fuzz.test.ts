import fc from 'fast-check';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_V1, API_V2, createApp } from '../../server/src/app.ts';
import { routeTable } from '../../server/src/http/route-table.ts';
import { users } from '../../server/src/db/schema/index.ts';
import { observeSchemas } from '../../server/src/lib/validate.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import { createSweepContext } from './sweep-context.ts';
import { expandRoute, fillPath, samplesIn, type RouteCall, type Samples } from './route-samples.ts';
import {
  arbitraryOf,
  hintsFrom,
  jsonSchemaOf,
  mutate,
  PATH_VALUES,
  queryValue,
  type Hints,
  type JsonSchema,
} from './fuzz-arbitraries.ts';
import { isLocalized, type Lang } from './localized.ts';

/**
 * Property-based fuzz of every route of the route table (server/src/http/route-table.ts): each call
 * gets valid values from its request schemas and values that have broken servers (NUL bytes, ids
 * beyond int4, prototype keys, 1 MB strings, wrong types, malformed and non-object JSON, odd path
 * ids and query strings). Properties: no 5xx, and every 4xx is JSON {message, errors[]} in the
 * caller's language. The schemas are learnt from jsonBody/queryOf in a first pass (observeSchemas).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 112_030);
/** Cases per route call: 35–60 s on two shared cores; BUDGET_MS bounds the loop when they are busier. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S ?? 60) * 1000;

/** Signed uploads take file bytes or a multipart form, not a JSON body: they are not counted as JSON routes. */
const STREAM_UPLOADS = new Set(['POST /storage/form', 'PUT /storage/o/*', 'PUT /storage/parts/:uploadId/:number']);

type Role = 'admin' | 'owner' | 'none';
type Case = {
  kind: string;
  path: string;
  query: string;
  body?: string;
  headers: Record<string, string>;
  role: Role;
  lang: Lang;
  via: 'v2' | 'index.php' | 'api.php';
};
type Answer = { status: number; type: string; text: string };

let ctx: TestContext;
let staffSamples: Samples;
let ownerSamples: Samples;
const cookies: Record<Exclude<Role, 'none'>, string> = { admin: '', owner: '' };
const schemas = new Map<string, z.ZodType>();
const corpus = new Map<string, unknown[]>();
let sampleIds: number[] = [];
let hints: Hints;
let lastError = '';
let adminId = 0;

beforeAll(async () => {
  ctx = await createSweepContext();
  cookies.admin = await ctx.login('admin');
  cookies.owner = await ctx.login('propietario');
  staffSamples = await samplesIn(ctx, ctx.seed.companyId);
  const first = async (path: string) =>
    (await ctx.request('GET', path, { cookie: cookies.owner })).json?.data?.[0]?.id as number | undefined;
  ownerSamples = {
    ...staffSamples,
    ticket: (await first('postventa/portal/solicitudes')) ?? 1,
    order: (await first('postventa/portal/visitas')) ?? 1,
    unit: (await first('postventa/portal/unidades')) ?? 1,
    schedule: (await first('entregas/portal/entregas')) ?? 1,
  };
  // Kinds the demo seed has none of yet (route-samples.test.ts) get an id that exists nowhere.
  for (const kind of ['notification', 'ac', 'certificate', 'revisionResult', 'plan', 'view'] as const)
    staffSamples[kind] ??= 1;
  staffSamples.file ??= `${ctx.seed.companyId}/general/2030/01/00000000-0000-4000-8000-000000000000.pdf`;
  sampleIds = [...new Set(Object.values(staffSamples).filter((v): v is number => typeof v === 'number'))];
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = admin.id;
  hints = hintsFrom(staffSamples, adminId);
  // The error handler logs what broke a 500: keep it, so a failure names its cause.
  const log = ctx.deps.log;
  ctx.deps.log = {
    ...log,
    error: (msg, fields) => {
      lastError = String((fields?.error as Error | undefined)?.stack ?? msg)
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      log.error(msg, fields);
    },
  };
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const roleFor = (call: RouteCall): Exclude<Role, 'none'> => (call.row.audience === 'owner' ? 'owner' : 'admin');

function concretePath(call: RouteCall, role: Role, param?: { index: number; value: string }): string {
  const segments = call.template.split('/');
  const paramAt = segments.flatMap((s, i) => (s.startsWith(':') || s === '*' ? [i] : []));
  const filled =
    fillPath(call.template.replace(/\/\*$/, ''), role === 'owner' ? ownerSamples : staffSamples) ?? call.template;
  const out = filled.split('/');
  if (call.template.endsWith('/*'))
    out.push(...String(call.template.startsWith('/storage') ? 'o/1/x.pdf' : staffSamples.file).split('/'));
  if (param && paramAt.length) out[Math.min(paramAt[param.index % paramAt.length], out.length - 1)] = param.value;
  return out.join('/');
}

/** Where the route tells its schemas apart: Hono's pattern with the method (what jsonBody/queryOf report). */
const keyOf = (method: string, route: string, part: 'body' | 'query') => `${method} ${route} ${part}`;

async function send(call: RouteCall, k: Case): Promise<Answer> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': k.lang,
    ...k.headers,
  };
  // Signing out ends the session it runs with: that call gets a session of its own.
  if (k.role !== 'none')
    headers.Cookie = call.template.endsWith('/auth/logout') ? await freshSession() : cookies[k.role];
  let url = `${k.path}${k.query ? `?${k.query}` : ''}`;
  if (k.via !== 'v2' && k.path.startsWith(`${API_V2}/`)) {
    const inner = k.path.slice(API_V2.length + 1);
    url =
      k.via === 'index.php'
        ? `${API_V1}/index.php/${inner}${k.query ? `?${k.query}` : ''}`
        : `${API_V1}/api.php?request=${encodeURIComponent(inner)}${k.query ? `&${k.query}` : ''}`;
  }
  const res = await ctx.app.request(`http://localhost${url}`, {
    method: call.method,
    headers,
    body: call.method === 'GET' ? undefined : k.body,
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

function remember(key: string, body: string) {
  const accepted = corpus.get(key);
  if (!accepted || accepted.length >= 20) return;
  try {
    accepted.push(JSON.parse(body));
  } catch {
    // not JSON: nothing to mutate from
  }
}

async function freshSession() {
  const token = await ctx.deps.sessions.create(adminId, ctx.seed.companyId, {});
  return `qa_session=${token}`;
}

/** What is wrong with an answer, if anything. */
function problemOf(k: Case, a: Answer): string | undefined {
  if (a.status >= 500) return `${a.status} ${a.text.slice(0, 120)} ${lastError}`;
  if (a.status < 400) return undefined;
  if (!a.type.includes('application/json')) return `${a.status} is not JSON (${a.type}): ${a.text.slice(0, 120)}`;
  let json: { message?: unknown; errors?: unknown };
  try {
    json = JSON.parse(a.text);
  } catch {
    return `${a.status} body is not JSON: ${a.text.slice(0, 120)}`;
  }
  if (typeof json.message !== 'string' || !Array.isArray(json.errors))
    return `${a.status} is not {message, errors[]}: ${a.text.slice(0, 200)}`;
  const unlocalized = [json.message, ...json.errors].find((m) => !isLocalized(m, k.lang));
  return unlocalized === undefined
    ? undefined
    : `${a.status} message not in ${k.lang}: ${JSON.stringify(unlocalized).slice(0, 160)}`;
}

const asQuery = (record: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(record).flatMap(([k, v]) => (queryValue(v) === undefined ? [] : [[k, queryValue(v)!]])),
  ).toString();
const QUERY_KEYS = [
  'page',
  'rowsPerPage',
  'sortBy',
  'descending',
  'search',
  'project_id',
  'from',
  'to',
  'download',
  'format',
  'tz',
  'after',
  'limit',
  'token',
];
const MALFORMED = [
  '{',
  '{"a":',
  'nul',
  '[',
  '{"a":1}x',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\u00"}',
  '{"a":1e99999}',
  '[[[[[[[[[[',
  '\ufeff{}',
];
const NON_OBJECTS = ['null', '[]', '"x"', '1', 'true', '[{}]', '-0', '1e400'];
/** Valid JSON nested deeper than any recursive walk of it could go. */
const DEEP = `{"id":${'['.repeat(100_000)}${']'.repeat(100_000)},"name":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
const CONTENT_TYPES: Record<string, string>[] = [
  { 'Content-Type': 'application/json' },
  { 'Content-Type': 'application/json' },
  {},
  { 'Content-Type': 'text/plain' },
  { 'Content-Type': 'multipart/form-data; boundary=x' },
  { 'Content-Type': 'application/x-www-form-urlencoded' },
  { 'Content-Type': 'application/json; charset=latin1' },
];

/** The cases of one route call: mostly the schema's own values with one field broken, plus raw bodies, paths and queries. */
function casesOf(call: RouteCall): fc.Arbitrary<Case> {
  const route = call.row.path;
  const bodySchema = schemas.get(keyOf(call.method, route, 'body'));
  const querySchema = schemas.get(keyOf(call.method, route, 'query'));
  const bodyJson: JsonSchema = bodySchema
    ? jsonSchemaOf(bodySchema)
    : { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  const queryJson: JsonSchema = querySchema
    ? jsonSchemaOf(querySchema)
    : { type: 'object', properties: Object.fromEntries(QUERY_KEYS.map((k) => [k, { type: 'string' }])) };
  // Bodies this route accepted (2xx) so far: breaking one field of those reaches code behind the validation.
  const accepted = corpus.get(`${call.method} ${call.template}`) ?? [];
  corpus.set(`${call.method} ${call.template}`, accepted);
  const valid = fc
    .tuple(arbitraryOf(bodyJson, sampleIds, hints), fc.nat())
    .map(([v, n]) => (accepted.length && n % 2 ? accepted[n % accepted.length] : v));
  const validQuery = arbitraryOf({ ...queryJson, required: [] }, sampleIds, hints).map((q) =>
    q && typeof q === 'object' ? (q as Record<string, unknown>) : {},
  );
  const broken = (base: fc.Arbitrary<unknown>) =>
    fc.tuple(base, fc.nat(), fc.nat(), fc.nat()).map(([v, at, pick, how]) => mutate(v, at, pick, how));
  const hasBody = call.method !== 'GET';
  const pathParams = (call.template.match(/\/(:|\*)/g) ?? []).length;
  const body = fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 5, arbitrary: broken(valid).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype')).map(([v, key]) => {
        const rest = JSON.stringify(v && typeof v === 'object' && !Array.isArray(v) ? v : {}).slice(1);
        return `{"${key}":{"isAdmin":true,"polluted":1}${rest === '}' ? '' : ','}${rest}`;
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED, ...NON_OBJECTS) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '{}', DEEP) },
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: validQuery.map(asQuery) },
    { weight: 3, arbitrary: broken(validQuery).map((q) => asQuery(q as Record<string, unknown>)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a=1&a=2',
        'page=1&page=%00',
        '%00=1',
        '__proto__=1&constructor=1',
        'sortBy=__proto__',
        '=&&=',
        '%E0%A4%A=1',
        'search=%25%5F',
      ),
    },
  );
  const kind = fc.constantFrom(...(['schema', 'schema', 'schema', ...(pathParams ? ['path'] : [])] as const));
  return fc
    .record({
      kind,
      body: hasBody ? body : fc.constant(undefined),
      query: hasBody ? fc.oneof(fc.constant(''), query) : query,
      param: fc.record({ index: fc.nat(), value: fc.constantFrom(...PATH_VALUES) }),
      headers: fc.constantFrom(...CONTENT_TYPES),
      lang: fc.constantFrom<Lang>('es', 'pt-BR'),
      role: fc.constantFrom<Role>(
        roleFor(call),
        roleFor(call),
        roleFor(call),
        roleFor(call),
        roleFor(call),
        'owner',
        'none',
      ),
      via: fc.constantFrom<Case['via']>('v2', 'v2', 'v2', 'v2', 'v2', 'v2', 'index.php', 'api.php'),
    })
    .map((r) => ({
      kind: r.kind,
      role: r.role,
      lang: r.lang,
      via: r.via,
      headers: r.headers,
      query: r.query,
      body: r.body,
      path: concretePath(call, r.role, r.kind === 'path' ? r.param : undefined),
    }));
}

describe('fuzz: every route, every request schema', () => {
  it('answers no 5xx and only localized JSON errors, whatever it is sent', async () => {
    const calls = routeTable(createApp(ctx.deps)).flatMap(expandRoute);
    // Discovery: one ordinary call per route while jsonBody/queryOf report the schemas they use.
    observeSchemas((use) => schemas.set(keyOf(use.method, use.route, use.part), use.schema));
    for (const call of calls) {
      const role = roleFor(call);
      await send(call, {
        kind: 'discover',
        path: concretePath(call, role),
        query: '',
        body: '{}',
        headers: CONTENT_TYPES[0],
        role,
        lang: 'es',
        via: 'v2',
      });
    }
    observeSchemas(undefined);

    const stats: Stats = { byRoute: new Map(), requests: 0, cut: 0, started: performance.now() };
    const failures: string[] = [];
    const deadline = stats.started + BUDGET_MS;
    for (const [i, call] of calls.entries()) {
      const route = `${call.method} ${call.row.path}`;
      const seen = stats.byRoute.get(route) ?? new Map<number, number>();
      stats.byRoute.set(route, seen);
      let failure = '';
      let runs = 0;
      try {
        await fc.assert(
          fc.asyncProperty(casesOf(call), async (k) => {
            lastError = '';
            const answer = await send(call, k);
            runs++;
            seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
            if (answer.status < 300 && k.body?.startsWith('{') && k.body.length < 20_000)
              remember(`${call.method} ${call.template}`, k.body);
            const problem = problemOf(k, answer);
            if (problem)
              throw new Error(
                (failure = `${k.kind} ${k.role} ${k.lang} ${k.via} ${call.method} ${k.path}?${k.query.slice(0, 80)} body=${(k.body ?? '').slice(0, 160)} → ${problem}`),
              );
          }),
          {
            seed: SEED + i,
            numRuns: RUNS,
            endOnFailure: true,
            // A loaded machine gets fewer cases per route rather than a suite past its budget: a call may
            // take what is left but a reserve for each call still to come.
            interruptAfterTimeLimit: Math.max(250, deadline - performance.now() - (calls.length - i - 1) * 150),
            markInterruptAsFailure: false,
          },
        );
      } catch (error) {
        // fast-check reports a call the time budget cut before its first case as an error even with
        // markInterruptAsFailure off; that call was cut short (counted below), nothing failed.
        const cutBeforeFirstCase = !failure && runs === 0 && String(error).includes('Property interrupted');
        if (!cutBeforeFirstCase) failures.push(failure || String(error));
      }
      stats.requests += runs;
      if (runs < RUNS && !failure) stats.cut++;
    }
    printSummary(calls, stats);
    if (process.env.FUZZ_DEBUG)
      for (const [route, seen] of stats.byRoute)
        if (new RegExp(process.env.FUZZ_DEBUG).test(route)) console.log(`DBG ${route} ${JSON.stringify([...seen])}`);
    expect(failures).toEqual([]);
  }, 600_000);
});

type Stats = { byRoute: Map<string, Map<number, number>>; requests: number; cut: number; started: number };

/** One line per module: routes, requests and the statuses seen; then the totals. */
function printSummary(calls: RouteCall[], stats: Stats) {
  const moduleOf = (route: string) => {
    const path = route.slice(route.indexOf(' ') + 1);
    return path.startsWith(`${API_V2}/`) ? path.slice(API_V2.length + 1).split('/')[0] : path.replace(/\/\*$/, '');
  };
  type Row = { routes: number; calls: number; success: number; statuses: Map<number, number> };
  const rows = new Map<string, Row>();
  const add = (row: Row, seen: Map<number, number>) => {
    row.routes++;
    if ([...seen.keys()].some((s) => s < 300)) row.success++;
    for (const [status, n] of seen) {
      row.calls += n;
      row.statuses.set(status, (row.statuses.get(status) ?? 0) + n);
    }
  };
  const total: Row = { routes: 0, calls: 0, success: 0, statuses: new Map() };
  for (const [route, seen] of stats.byRoute) {
    const name = moduleOf(route);
    if (!rows.has(name)) rows.set(name, { routes: 0, calls: 0, success: 0, statuses: new Map() });
    add(rows.get(name)!, seen);
    add(total, seen);
  }
  const fmt = (m: Map<number, number>) =>
    [...m]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
  const line = (name: string, r: Row) =>
    `  ${name.padEnd(21)} ${String(r.routes).padStart(4)} ${String(r.success).padStart(4)} ${String(r.calls).padStart(6)}  ${fmt(r.statuses)}`;
  const learnt = (part: string) => [...schemas.keys()].filter((k) => k.endsWith(part)).length;
  const bodyRoutes = calls.filter((c) => c.method !== 'GET' && !STREAM_UPLOADS.has(`${c.method} ${c.row.path}`));
  console.log(
    [
      `fuzz (seed ${SEED}, ${RUNS} cases per call): ${stats.byRoute.size} routes as ${calls.length} calls, ${stats.requests} requests in ${((performance.now() - stats.started) / 1000).toFixed(1)} s` +
        `${stats.cut ? `, ${stats.cut} calls cut short by the time budget` : ''}; schemas learnt: bodies of ${learnt(' body')} of ${new Set(bodyRoutes.map((c) => c.row.path + c.method)).size} non-GET API routes, ${learnt(' query')} queries`,
      `  ${'module'.padEnd(21)} ${'routes'.padStart(4)} ${'2xx'.padStart(4)} ${'calls'.padStart(6)}  statuses`,
      ...[...rows].map(([name, r]) => line(name, r)),
      line('total', total),
    ].join('\n'),
  );
}
