import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { userMachine, type UserEvent } from '#machines/user';
import { userCommands } from '#domain/users';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { mailOutbox, users } from '../../server/src/db/schema/index.ts';
import { userStateOf } from '../../server/src/modules/config/users/rows.ts';
import { newUser, userRefs, type UserRefs } from '../../server/src/modules/config/users/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 User: every generated path of the user machine, driven through the real API. */
const samples: UserEvent[] = [
  { type: 'user.disable' },
  { type: 'user.enable', isUserLimitReached: false },
  { type: 'user.delete' },
  { type: 'user.resendEmailVerification' },
  { type: 'user.verifyEmail' },
  { type: 'user.changeEmail' },
  { type: 'user.verifySignature', hasSignature: true },
  { type: 'user.rejectSignature', hasSignature: true },
  { type: 'user.changeSignature' },
];
const paths = apiPaths(userMachine, samples);
const coverage = apiCoverage(userMachine, userCommands);

// A 1×1 transparent PNG: the signature image the admin uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
let refs: UserRefs;
let cookie: string;
let serial = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await userRefs(ctx);
  cookie = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function uploadSignature(): Promise<string> {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension: 'png', name: 'firma.png', size: PNG.length, contentType: 'image/png', context: 'image' },
  });
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png', ...(signed.json.data.headers ?? {}) },
    body: PNG,
  });
  expect(put.status).toBeLessThan(300);
  return signed.json.data.path as string;
}

/** One machine event as the screens (or the e-mailed link) send it. */
async function send(userId: number, event: UserEvent) {
  const path = `configuracion/usuarios/${userId}`;
  switch (event.type) {
    case 'user.delete':
      return ctx.request('DELETE', path, { cookie });
    case 'user.changeEmail':
      return ctx.request('PATCH', path, { cookie, body: { email: `cambio${++serial}@cordillera.cl` } });
    case 'user.changeSignature':
      return ctx.request('PATCH', path, { cookie, body: { signature_path: await uploadSignature() } });
    case 'user.verifyEmail': {
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      const [mail] = await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, user.email!))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      const token = /token=([\w-]+)/.exec(mail.text)![1];
      return ctx.request('GET', `auth/email/verify?token=${token}`);
    }
    default:
      if (event.type === 'user.verifySignature' || event.type === 'user.rejectSignature') {
        // The guard reads whether there is an image: the path gives one when the machine needs it.
        const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
        if (!user.signaturePath)
          await ctx.request('PATCH', path, { cookie, body: { signature_path: await uploadSignature() } });
      }
      return ctx.request('POST', `${path}/${userCommands[event.type].verb}`, { cookie, body: {} });
  }
}

describe('user machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const user = await newUser(ctx, cookie, refs, { username: `modelo${++serial}` });
    for (const step of path.steps) {
      const res = await send(user.id, step.event as UserEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(userStateOf(row)).toEqual(step.after.value);
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state, and stores nothing.
    const final = path.steps.at(-1)!.after;
    const refused = samples.find(
      (e) => !final.can(e) && e.type !== 'user.verifyEmail' && !e.type.startsWith('user.change'),
    );
    if (refused) {
      const [before] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      const res = await send(user.id, refused);
      expect(res.status, `${refused.type} refused: ${res.text}`).toBe(409);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(userStateOf(row)).toEqual(userStateOf(before));
    }
  });

  it('the guard refuses enabling at the active-user limit, naming the limit', async () => {
    const user = await newUser(ctx, cookie, refs, { username: `limite${++serial}` });
    await send(user.id, { type: 'user.disable' });
    const { data } = (await ctx.request('GET', 'configuracion/usuarios/limites', { cookie })).json;
    await ctx.request('PUT', 'configuracion/usuarios/limites', { cookie, body: { company: data.company.active } });
    const res = await send(user.id, { type: 'user.enable', isUserLimitReached: true });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/límite .* de la empresa/);
    await ctx.request('PUT', 'configuracion/usuarios/limites', { cookie, body: { company: null } });
  });

  it('walked every transition of the user machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
