import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import type { CheckpointResult, EvidenceKind, ReceptionState } from '#domain/verifications';
import {
  outbox,
  profiles,
  receptionItems,
  receptions,
  receptionTemplates,
  userProjects,
  users,
  type StoredCheckpoint,
} from '../../../db/schema/index.ts';
import { createLocalStorage } from '../../../storage/local.ts';
import type { TestContext } from '../../../test-support.ts';

/**
 * Test fixtures of Verifications: templates, receptions and their checkpoints written straight into the database (the
 * rows the routes would leave), an upload through the real files routes, and the last outbox row.
 */

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A template of the demo company (or `companyId`); checkpoints default to three with different evidence. */
export async function templateRow(
  ctx: TestContext,
  over: Partial<{
    companyId: number;
    name: string;
    workPackage: string;
    active: boolean;
    checkpoints: StoredCheckpoint[];
  }> = {},
) {
  const [row] = await ctx.db
    .insert(receptionTemplates)
    .values({
      companyId: over.companyId ?? ctx.seed.companyId,
      name: over.name ?? unique('Plantilla'),
      workPackage: over.workPackage ?? unique('Partida'),
      active: over.active ?? true,
      checkpoints: over.checkpoints ?? THREE_CHECKPOINTS,
    })
    .returning();
  return row;
}

/** The worked example's checklist: a photo, a note, and nothing. */
export const THREE_CHECKPOINTS: StoredCheckpoint[] = [
  { title: 'Plomo de muros', guidance: 'Medir con nivel en 3 puntos', evidence: 'foto' },
  { title: 'Limpieza de faena', guidance: null, evidence: 'observacion' },
  { title: 'Recintos despejados', guidance: null, evidence: 'ninguna' },
];

export const checkpoint = (title: string, evidence: EvidenceKind = 'ninguna'): StoredCheckpoint => ({
  title,
  guidance: null,
  evidence,
});

/** A reception of `projectId` in the demo company (or `companyId`), programmed unless told otherwise. */
export async function receptionRow(
  ctx: TestContext,
  over: Partial<typeof receptions.$inferInsert> & { projectId: number },
) {
  const [row] = await ctx.db
    .insert(receptions)
    .values({
      companyId: ctx.seed.companyId,
      code: unique('R'),
      name: 'Recepción de prueba',
      plannedStart: '2030-03-01',
      plannedEnd: '2030-03-05',
      ...over,
    })
    .returning();
  return row;
}

/**
 * A reception already in inspection with its checkpoints copied from `checkpoints` (answered with `results` when
 * given): the rows reception.start and the checkpoint answers leave.
 */
export async function inspectedReception(
  ctx: TestContext,
  at: {
    projectId: number;
    companyId?: number;
    checkpoints?: StoredCheckpoint[];
    results?: (CheckpointResult | null)[];
    state?: ReceptionState;
  },
) {
  const template = await templateRow(ctx, { companyId: at.companyId, checkpoints: at.checkpoints });
  const reception = await receptionRow(ctx, {
    projectId: at.projectId,
    companyId: at.companyId ?? ctx.seed.companyId,
    templateId: template.id,
    state: at.state ?? 'en_inspeccion',
    startedOn: '2030-03-01',
  });
  const items = await ctx.db
    .insert(receptionItems)
    .values(
      template.checkpoints.map((c, position) => ({
        companyId: reception.companyId,
        receptionId: reception.id,
        position,
        title: c.title,
        guidance: c.guidance,
        evidence: c.evidence,
        result: at.results?.[position] ?? null,
        note: at.results?.[position] ? 'Revisado' : null,
        dueOn: at.results?.[position] === 'no_cumple' ? '2100-01-01' : null,
      })),
    )
    .returning();
  return { template, reception, items };
}

/** Local storage in a temporary folder for the uploads of a test file; answers its cleanup. */
export function useTempStorage(ctx: TestContext) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-verifications-'));
  ctx.deps.extras.storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/** A small PNG (a signature's stroke on white). */
export const pngBytes = (width = 120, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><path d="M5 40 Q 40 5 60 30 T 115 10" stroke="black" fill="none" stroke-width="3"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** upload-url then PUT, as the browser's uploader does; answers the stored path. */
export async function upload(
  ctx: TestContext,
  cookie: string,
  body: Buffer,
  request: { extension: string; context?: string; name?: string } = { extension: 'png', context: 'image' },
) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: { ...request, size: body.length } });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType },
    body: new Uint8Array(body),
  });
  if (put.status >= 300) throw new Error(`PUT ${put.status} ${await put.text()}`);
  return signed.json.data.path as string;
}

/** A fresh PNG upload of the user behind `cookie`. */
export const uploadPng = async (ctx: TestContext, cookie: string) =>
  upload(ctx, cookie, await pngBytes(), { extension: 'png', context: 'image' });

/** The newest outbox rows (the last write's events), newest first. */
export async function lastEvents(ctx: TestContext, n = 1) {
  return ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(n);
}

export async function userId(ctx: TestContext, username: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

/** A staff user of the demo company with exactly `permissions`, assigned to `projectIds` only; answers its cookie. */
export async function staffSeeing(ctx: TestContext, username: string, permissions: string[], projectIds: number[]) {
  const [template] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ companyId: template.companyId, name: `Prueba ${username}`, permissions })
    .returning();
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: template.companyId,
      username,
      firstName: 'Prueba',
      lastName: username,
      passwordHash: template.passwordHash,
      profileId: profile.id,
    })
    .returning();
  await ctx.db
    .insert(userProjects)
    .values(projectIds.map((projectId) => ({ userId: user.id, projectId, companyId: template.companyId })));
  return ctx.login(username);
}

/**
 * A reception of the worked example taken through the real routes by `cookie` (who must hold both permissions):
 * created on THREE_CHECKPOINTS, started, answered (the photo checkpoint with a photo, the note one with a note, the
 * third passing or, with `fail`, failing with its note and a due date), and signed. Answers its id and its items.
 */
export async function signedReception(
  ctx: TestContext,
  cookie: string,
  at: { projectId: number; code: string; fail?: boolean; dueOn?: string },
) {
  const template = await templateRow(ctx);
  const send = (method: string, path: string, body?: unknown) =>
    ctx.request(method, `verificaciones/${path}`, { cookie, body });
  const created = await send('POST', 'recepciones', {
    project_id: at.projectId,
    code: at.code,
    name: 'Obra gruesa piso 4',
    work_package: 'Obra gruesa',
    location: 'Torre B, piso 4',
    contractor: 'Constructora Andes',
    template_id: template.id,
    planned_start: '2030-04-01',
    planned_end: '2030-04-03',
  });
  if (created.status !== 201) throw new Error(`create ${created.status} ${created.text}`);
  const id = created.json.data.id as number;
  const start = await send('POST', `recepciones/${id}/iniciar`, {});
  if (start.status !== 200) throw new Error(`start ${start.status} ${start.text}`);
  const items = start.json.data.items as { id: number; title: string }[];
  const answers = [
    { result: 'cumple', note: 'Aplomado dentro de tolerancia', photo_paths: [await uploadPng(ctx, cookie)] },
    { result: 'cumple', note: 'Faena limpia' },
    at.fail
      ? { result: 'no_cumple', note: 'Recinto 402 con escombros', due_on: at.dueOn ?? '2100-01-15' }
      : { result: 'cumple' },
  ];
  for (const [i, body] of answers.entries()) {
    const res = await send('PUT', `recepciones/${id}/puntos/${items[i].id}`, body);
    if (res.status !== 200) throw new Error(`answer ${res.status} ${res.text}`);
  }
  const sign = await send('POST', `recepciones/${id}/firmar`, {
    inspector_signature_path: await uploadPng(ctx, cookie),
    contractor_signature_path: await uploadPng(ctx, cookie),
    contractor_signer: 'Pedro Contreras',
    observations: 'Se recibe con observaciones menores',
  });
  if (sign.status !== 200) throw new Error(`sign ${sign.status} ${sign.text}`);
  return { id, items, detail: sign.json.data };
}
