import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { receptionMachine, type ReceptionEvent } from '#machines/reception';
import { receptionCommands } from '#domain/verifications';
import { receptionDetailSchema, type ReceptionDetail } from '#domain/verifications-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { receptions } from '../../server/src/db/schema/index.ts';
import {
  templateRow,
  THREE_CHECKPOINTS,
  uploadPng,
  useTempStorage,
} from '../../server/src/modules/verifications/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md Verifications / Reception: every generated path of machines/reception.ts, driven through the real API
 * (docs/api.md, Verifications) with the state checked after each step, as GET verificaciones/recepciones/{id} reads it
 * and as stored. The verbs are POST verificaciones/recepciones/{id}/<verb>; reception.sign is preceded by the
 * checkpoints' answers (PUT …/puntos/{itemId}), `failed` of them failing; reception.resolve is closing every open
 * follow-up (POST verificaciones/seguimientos/{id}/cerrar).
 */
const samples: ReceptionEvent[] = [
  { type: 'reception.start' },
  { type: 'reception.sign', failed: 0 },
  { type: 'reception.sign', failed: 1 },
  { type: 'reception.cancel' },
  { type: 'reception.resolve' },
];
const paths = apiPaths(receptionMachine, samples);
const coverage = apiCoverage(receptionMachine, receptionCommands);
/** The events the detail's allowed_events lists: those with a verb route, each once. */
const verbEvents = [...new Set(samples.map((e) => e.type))].filter(
  (type) => 'verb' in receptionCommands[type as keyof typeof receptionCommands],
);

let ctx: TestContext;
let cleanup: () => void;
let cookie: string;
let projectId: number;
let templateId: number;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  cookie = await ctx.login('admin');
  projectId = ctx.seed.projectIds[1];
  templateId = (await templateRow(ctx, { checkpoints: THREE_CHECKPOINTS })).id;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

const call = (method: string, path: string, body?: unknown) =>
  ctx.request(method, `verificaciones/${path}`, { cookie, body });
const detailOf = async (id: number) => receptionDetailSchema.parse((await call('GET', `recepciones/${id}`)).json.data);
const storedState = async (id: number) =>
  (await ctx.db.select().from(receptions).where(eq(receptions.id, id)))[0].state;

async function newReception(): Promise<ReceptionDetail> {
  serial += 1;
  const res = await call('POST', 'recepciones', {
    project_id: projectId,
    code: `MBT-${serial}`,
    name: `Recepción ${serial}`,
    template_id: templateId,
    planned_start: '2030-04-01',
    planned_end: '2030-04-02',
  });
  expect(res.status, res.text).toBe(201);
  return receptionDetailSchema.parse(res.json.data);
}

/** One machine event as the screens send it; answers the last write. */
async function send(id: number, event: ReceptionEvent) {
  if (event.type === 'reception.resolve') {
    let last;
    for (const f of (await detailOf(id)).follow_ups.filter((f) => f.state === 'abierto'))
      last = await call('POST', `seguimientos/${f.id}/cerrar`, { note: 'Corregido en terreno' });
    return last!;
  }
  if (event.type === 'reception.sign') {
    const { items, state } = await detailOf(id);
    if (state === 'en_inspeccion') {
      const answers = [
        { result: 'cumple', photo_paths: [await uploadPng(ctx, cookie)] },
        { result: 'cumple', note: 'Sin observaciones' },
        event.failed > 0
          ? { result: 'no_cumple', note: 'Recinto con escombros', due_on: '2100-01-15' }
          : { result: 'no_aplica' },
      ];
      for (const [i, body] of answers.entries()) {
        const res = await call('PUT', `recepciones/${id}/puntos/${items[i].id}`, body);
        expect(res.status, res.text).toBe(200);
      }
    }
    return call('POST', `recepciones/${id}/firmar`, {
      inspector_signature_path: await uploadPng(ctx, cookie),
      contractor_signature_path: await uploadPng(ctx, cookie),
      contractor_signer: 'Pedro Contreras',
    });
  }
  const bodies = { 'reception.start': {}, 'reception.cancel': { reason: 'Se reprograma' } };
  return call('POST', `recepciones/${id}/${receptionCommands[event.type].verb}`, bodies[event.type]);
}

describe('reception machine paths against the API (Verifications / Reception)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const reception = await newReception();
    expect(reception.state).toBe('programada');
    for (const step of path.steps) {
      const event = step.event as ReceptionEvent;
      const res = await send(reception.id, event);
      expect(res.status, `${event.type}: ${res.text}`).toBe(200);
      if (event.type !== 'reception.resolve') expect(res.json.data.state).toBe(step.after.value);
      const read = await detailOf(reception.id);
      expect([read.state, await storedState(reception.id)]).toEqual([step.after.value, step.after.value]);
      expect(read.allowed_events).toEqual(
        verbEvents.filter((type) => step.after.can({ type, failed: 0 } as ReceptionEvent)),
      );
      // The effects: a started reception holds the template's checkpoints, a signed one its signatures and PDF, an
      // observed one its open follow-up, an approved one none open.
      expect(read.items.length).toBe(step.after.value === 'programada' || !read.started_on ? 0 : 3);
      const signed = step.after.value === 'observada' || step.after.value === 'aprobada';
      expect(read.pdf_url !== null).toBe(signed);
      expect(read.inspector_signature !== null && read.contractor_signature !== null).toBe(signed);
      expect(read.open_follow_ups).toBe(step.after.value === 'observada' ? 1 : 0);
      coverage.step(step);
    }
    // The API refuses the verbs the machine refuses in the final state (409), and stores nothing.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => e.type !== 'reception.resolve' && !final.can(e))) {
      const res = await send(reception.id, refused);
      expect(res.status, `${refused.type} refused in ${String(final.value)}: ${res.text}`).toBe(409);
      expect(await storedState(reception.id)).toBe(final.value);
    }
  });
});

describe('reception coverage', () => {
  it('walked every transition of the reception machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
