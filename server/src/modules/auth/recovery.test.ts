import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { mailOutbox, passwordResets, users } from '../../db/schema/index.ts';
import { RESET_MAX_PER_HOUR } from './service.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const mailCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n;
const lastMail = async () => (await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0];
const tokenIn = (text: string) => /\/auth\/reset\?token=([\w-]+)/.exec(text)?.[1];
/** Asks for a link and waits for the mail work, which runs after the answer (decisions: recovery timing). */
const forgot = async (username: string, lang?: string) => {
  const res = await ctx.request('POST', 'auth/password/forgot', {
    body: { username },
    headers: lang ? { 'Accept-Language': lang } : {},
  });
  await ctx.deps.background.idle();
  return res;
};
const reset = (token: string, password: string) =>
  ctx.request('POST', 'auth/password/reset', { body: { token, password, password_confirmation: password } });

describe('password recovery by username (docs/product.md §2 auth forgotten-password)', () => {
  it('mails a link to the user; reset works once, ends every session, and the new password signs in', async () => {
    const sessionA = await ctx.login('agente');
    const sessionB = await ctx.login('agente');
    const res = await forgot('Agente');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'Si el usuario existe, enviamos un enlace a su correo para restablecer la contraseña',
    );
    const mail = await lastMail();
    expect(mail.to).toBe('agente@cordillera.cl');
    expect(mail.subject).toBe('Restablecer contraseña');
    expect(mail.text).toContain('Hola Valentina');
    expect(mail.text).toContain('http://localhost:3000/auth/reset?token=');
    const token = tokenIn(mail.text)!;

    const mismatch = await ctx.request('POST', 'auth/password/reset', {
      body: { token, password: 'Postventa-2026', password_confirmation: 'otra' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.fields).toEqual({ password_confirmation: 'Valores no coinciden' });

    const done = await ctx.request('POST', 'auth/password/reset', {
      body: { token, password: 'Postventa-2026', password_confirmation: 'Postventa-2026' },
    });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe('Contraseña actualizada');
    for (const cookie of [sessionA, sessionB])
      expect((await ctx.request('GET', 'auth/usuario', { cookie })).status).toBe(401);
    expect(
      (await ctx.request('POST', 'auth/login', { body: { username: 'agente', password: 'demo1234' } })).status,
    ).toBe(401);
    await ctx.login('agente', 'Postventa-2026');

    const reuse = await ctx.request('POST', 'auth/password/reset', {
      body: { token, password: 'Otra-clave-99', password_confirmation: 'Otra-clave-99' },
    });
    expect(reuse.status).toBe(422);
    expect(reuse.json.message).toBe('El enlace para restablecer la contraseña no es válido o expiró');
  });

  it('a successful reset voids every other link the user still holds', async () => {
    await forgot('inspector');
    const older = tokenIn((await lastMail()).text)!;
    await forgot('inspector');
    const newer = tokenIn((await lastMail()).text)!;
    expect((await reset(newer, 'Inspeccion-2026')).status).toBe(200);
    const stale = await reset(older, 'Robada-2026-xx');
    expect(stale.status).toBe(422);
    expect(stale.json.message).toBe('El enlace para restablecer la contraseña no es válido o expiró');
    await ctx.login('inspector', 'Inspeccion-2026');
  });

  it('answers before looking the user up or mailing, so its timing does not tell who exists', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = ctx.deps.mailer.send;
    let mailed = 0;
    ctx.deps.mailer.send = async (mail) => {
      await held;
      mailed++;
      return send(mail);
    };
    try {
      const answer = ctx.request('POST', 'auth/password/forgot', { body: { username: 'gerente' } });
      const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5000));
      const first = await Promise.race([answer, timeout]);
      expect(first, 'the answer waited for the mail').not.toBe('waiting');
      expect((first as Awaited<typeof answer>).status).toBe(200);
      expect(mailed).toBe(0);
    } finally {
      release();
      await ctx.deps.background.idle();
      ctx.deps.mailer.send = send;
    }
    expect(mailed).toBe(1);
  });

  it("an owner's link returns them to the owner portal sign-in (docs/product.md#owner-portal, first access)", async () => {
    await forgot('propietario');
    const mail = await lastMail();
    expect(mail.to).toBe('propietario@correo.cl');
    expect(mail.text).toMatch(/\/auth\/reset\?token=[\w-]+&portal=1/);
    await forgot('gerente');
    expect((await lastMail()).text).not.toContain('portal=1');
  });

  it('an expired link is refused', async () => {
    await forgot('revisor');
    const token = tokenIn((await lastMail()).text)!;
    await ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await ctx.request('POST', 'auth/password/reset', {
      body: { token, password: 'Calidad-2026', password_confirmation: 'Calidad-2026' },
    });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ token: 'El enlace para restablecer la contraseña no es válido o expiró' });
    await ctx.login('revisor'); // the old password still works
  });

  it('unknown usernames, users without e-mail and disabled users get the same answer and no mail', async () => {
    const known = await forgot('gerente');
    const before = await mailCount();
    await ctx.db.update(users).set({ email: null }).where(eq(users.username, 'ejecutivo'));
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.username, 'inspector'));
    for (const username of ['no-existe', 'ejecutivo', 'inspector']) {
      const res = await forgot(username);
      expect(res.status).toBe(known.status);
      expect(res.json).toEqual(known.json);
    }
    expect(await mailCount()).toBe(before);
    const pt = await forgot('no-existe', 'pt-BR');
    expect(pt.json.message).toBe('Se o usuário existir, enviamos um link para o seu e-mail para redefinir a senha');
  });

  it(`sends at most ${RESET_MAX_PER_HOUR} links an hour per user, answering the same`, async () => {
    const before = await mailCount();
    for (let i = 0; i < RESET_MAX_PER_HOUR + 2; i++) expect((await forgot('supervisor')).status).toBe(200);
    expect(await mailCount()).toBe(before + RESET_MAX_PER_HOUR);
  });

  it('the development mail page /dev/mail lists the mail with its link (to an admin of the company)', async () => {
    await forgot('admin');
    const mail = await lastMail();
    const res = await ctx.app.request('http://localhost/dev/mail', { headers: { Cookie: await ctx.login('admin') } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-mail-id="${mail.id}"`);
    expect(html).toContain('Restablecer contraseña');
    expect(html).toContain('admin@cordillera.cl');
    const url = `http://localhost:3000/auth/reset?token=${tokenIn(mail.text)}`;
    expect(html).toContain(`<a href="${url}">${url}</a>`);
  });
});
