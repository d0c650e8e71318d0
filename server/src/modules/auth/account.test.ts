import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { emailVerifications, files, mailOutbox, users } from '../../db/schema/index.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const lastMailTo = async (to: string) => {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
};
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1];
const basics = { first_name: 'Ignacio', last_name: 'Contreras Silva', email: 'ejecutivo@cordillera.cl' };

describe('PUT auth/usuario (docs/product.md §2 config/cuenta basic info, §5 e-mail rules)', () => {
  it('saves names and settings, keeps a verified e-mail verified when it does not change', async () => {
    const cookie = await ctx.login('ejecutivo');
    const res = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, first_name: '  Nacho ', settings: { grid_mode: true, page: 'tareas' } },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Datos guardados');
    expect(res.json.data).toMatchObject({
      first_name: 'Nacho',
      full_name: 'Nacho Contreras Silva',
      email_verified: true,
      settings: { grid_mode: true, page: 'tareas' },
    });
    // Settings merge key by key; null removes one.
    const again = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, settings: { page: null, lang_hint: 'es' } },
    });
    expect(again.json.data.settings).toEqual({ grid_mode: true, lang_hint: 'es' });
    const me = await ctx.request('GET', 'auth/usuario', { cookie });
    expect(me.json.data).toMatchObject({ first_name: 'Ignacio', settings: { grid_mode: true, lang_hint: 'es' } });
  });

  it('a new e-mail clears its verification; the answer says so', async () => {
    const cookie = await ctx.login('gerente');
    const res = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { first_name: 'Patricia', last_name: 'Álvarez Soto', email: 'patricia.alvarez@cordillera.cl' },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Datos guardados. Verifique su nuevo correo electrónico');
    expect(res.json.data).toMatchObject({ email: 'patricia.alvarez@cordillera.cl', email_verified: false });
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'gerente'));
    expect(row.emailVerifiedAt).toBeNull();
  });

  it('422 per field: ñ, invalid address, required names (docs/product.md §5), in es and pt-BR', async () => {
    const cookie = await ctx.login('ejecutivo');
    const enie = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, email: 'nuñez@cordillera.cl' },
    });
    expect(enie.status).toBe(422);
    expect(enie.json.fields).toEqual({ email: 'El correo no puede contener la letra ñ' });
    const bad = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, email: 'no-es-correo', first_name: '   ' },
    });
    expect(bad.json.fields).toEqual({
      email: 'Ingrese un correo electrónico válido',
      first_name: 'Este campo es obligatorio',
    });
    const pt = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, last_name: '' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.fields).toEqual({ last_name: 'Este campo é obrigatório' });
    const settings = await ctx.request('PUT', 'auth/usuario', {
      cookie,
      body: { ...basics, settings: { nested: { no: 1 } } },
    });
    expect(settings.status).toBe(422);
  });

  it('needs a session (401) and X-Requested-With (403)', async () => {
    expect((await ctx.request('PUT', 'auth/usuario', { body: basics })).status).toBe(401);
    const cookie = await ctx.login('ejecutivo');
    const res = await ctx.app.request('http://localhost/api/v2/public/api/auth/usuario', {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(basics),
    });
    expect(res.status).toBe(403);
  });
});

describe('PUT auth/password (docs/product.md §2 cuenta password, §5 same)', () => {
  it('wrong current password is a 422 on current_password; confirmation must match', async () => {
    const cookie = await ctx.login('revisor');
    const wrong = await ctx.request('PUT', 'auth/password', {
      cookie,
      body: { current_password: 'nope', password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.fields).toEqual({ current_password: 'La contraseña actual es incorrecta' });
    const mismatch = await ctx.request('PUT', 'auth/password', {
      cookie,
      body: { current_password: 'demo1234', password: 'nueva-clave-1', password_confirmation: 'otra-clave-1' },
    });
    expect(mismatch.json.fields).toEqual({ password_confirmation: 'Valores no coinciden' });
    const same = await ctx.request('PUT', 'auth/password', {
      cookie,
      body: { current_password: 'demo1234', password: 'demo1234', password_confirmation: 'demo1234' },
    });
    expect(same.json.fields).toEqual({ password: 'La nueva contraseña debe ser distinta de la actual' });
  });

  it('on success the other sessions end, this one stays, and only the new password works', async () => {
    const other = await ctx.login('inspector');
    const mine = await ctx.login('inspector');
    expect((await ctx.request('GET', 'auth/usuario', { cookie: other })).status).toBe(200); // cached now
    const res = await ctx.request('PUT', 'auth/password', {
      cookie: mine,
      body: { current_password: 'demo1234', password: 'Hormigon-2026', password_confirmation: 'Hormigon-2026' },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Contraseña actualizada. Se cerraron sus otras sesiones');
    expect((await ctx.request('GET', 'auth/usuario', { cookie: other })).status).toBe(401);
    expect((await ctx.request('GET', 'auth/usuario', { cookie: mine })).status).toBe(200);
    expect(
      (await ctx.request('POST', 'auth/login', { body: { username: 'inspector', password: 'demo1234' } })).status,
    ).toBe(401);
    await ctx.login('inspector', 'Hormigon-2026');
  });
});

describe('PUT auth/locale (docs/product.md §1 languages)', () => {
  it('stores es or pt-BR and refuses anything else', async () => {
    const cookie = await ctx.login('supervisor');
    const res = await ctx.request('PUT', 'auth/locale', { cookie, body: { locale: 'pt-BR' } });
    expect(res.status).toBe(200);
    expect(res.json.data.locale).toBe('pt-BR');
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).json.data.locale).toBe('pt-BR');
    const bad = await ctx.request('PUT', 'auth/locale', { cookie, body: { locale: 'en' } });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ locale: 'Valor inválido' });
  });
});

/** An upload as the files module records it once the bytes are in (files/upload-url, then the PUT). */
async function uploaded(username: string, path: string, over: Partial<typeof files.$inferInsert> = {}) {
  const [owner] = await ctx.db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.username, username));
  const extension = path.slice(path.lastIndexOf('.') + 1);
  await ctx.db.insert(files).values({
    companyId: owner.companyId,
    path,
    name: `firma.${extension}`,
    extension,
    mime: extension === 'png' ? 'image/png' : 'image/jpeg',
    category: 'image',
    context: 'image',
    status: 'uploaded',
    maxBytes: 20 * 1024 * 1024,
    size: 1024,
    uploadedBy: owner.id,
    expiresAt: new Date(Date.now() + 900_000),
    uploadedAt: new Date(),
    ...over,
  });
  return path;
}

describe('PUT/DELETE auth/firma (docs/product.md §2 cuenta signature, §4 signature verified)', () => {
  it("stores the caller's own uploaded image, unverified; a foreign company path is 404; a bad shape 422", async () => {
    const cookie = await ctx.login('agente');
    await ctx.db.update(users).set({ signatureVerifiedAt: new Date() }).where(eq(users.username, 'agente'));
    const path = await uploaded('agente', `${ctx.seed.companyId}/2026/05/firma-agente.png`);
    const res = await ctx.request('PUT', 'auth/firma', { cookie, body: { path } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      signature_path: path,
      signature_url: `/api/v2/public/files/${path}`,
      signature_verified: false,
    });
    const foreign = await ctx.request('PUT', 'auth/firma', {
      cookie,
      body: { path: `${ctx.seed.otherCompanyId}/firmas/x.png` },
    });
    expect(foreign.status).toBe(404);
    for (const bad of [
      'firma.png',
      `${ctx.seed.companyId}/../1/x.png`,
      `${ctx.seed.companyId}/firma.exe`,
      `/${ctx.seed.companyId}/a.png`,
    ]) {
      const r = await ctx.request('PUT', 'auth/firma', { cookie, body: { path: bad } });
      expect(r.status, bad).toBe(422);
      expect(r.json.fields).toEqual({ path: 'Valor inválido' });
    }
    const removed = await ctx.request('DELETE', 'auth/firma', { cookie });
    expect(removed.json.data).toMatchObject({ signature_path: null, signature_url: null });
  });

  it("refuses a path nobody uploaded, another user's upload (404) and an upload that is not a signature image (422)", async () => {
    const cookie = await ctx.login('ejecutivo');
    const before = (await ctx.request('GET', 'auth/usuario', { cookie })).json.data.signature_path;
    const never = await ctx.request('PUT', 'auth/firma', {
      cookie,
      body: { path: `${ctx.seed.companyId}/2026/05/nadie.png` },
    });
    expect(never.status).toBe(404);
    // The supervisor's signature, read off a delivery act, must not become the ejecutivo's.
    const theirs = await uploaded('supervisor', `${ctx.seed.companyId}/2026/05/firma-supervisor.png`);
    const claimed = await ctx.request('PUT', 'auth/firma', { cookie, body: { path: theirs } });
    expect(claimed.status).toBe(404);
    const photo = await uploaded('ejecutivo', `${ctx.seed.companyId}/2026/05/foto-falla.jpg`, { context: 'uploader' });
    const notSignature = await ctx.request('PUT', 'auth/firma', { cookie, body: { path: photo } });
    expect(notSignature.status).toBe(422);
    expect(notSignature.json.fields).toEqual({ path: 'Valor inválido' });
    const pending = await uploaded('ejecutivo', `${ctx.seed.companyId}/2026/05/a-medias.png`, {
      status: 'pending',
      uploadedAt: null,
      size: null,
    });
    expect((await ctx.request('PUT', 'auth/firma', { cookie, body: { path: pending } })).status).not.toBe(200);
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).json.data.signature_path).toBe(before);
  });
});

describe('e-mail verification (docs/product.md §1 account: e-mail verification)', () => {
  it('mails a single-use link; opening it verifies; a second use fails', async () => {
    const cookie = await ctx.login('gerente'); // e-mail changed and unverified above
    const res = await ctx.request('POST', 'auth/email/verify-request', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Enviamos un enlace de verificación a patricia.alvarez@cordillera.cl');
    const mail = await lastMailTo('patricia.alvarez@cordillera.cl');
    expect(mail.subject).toBe('Verifique su correo electrónico');
    expect(mail.text).toContain('http://localhost:3000/api/v2/public/api/auth/email/verify?token=');
    const token = tokenIn(mail.text)!;
    const ok = await ctx.request('GET', `auth/email/verify?token=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Correo electrónico verificado');
    expect((await ctx.request('GET', 'auth/usuario', { cookie })).json.data.email_verified).toBe(true);
    const reuse = await ctx.request('POST', 'auth/email/verify', { body: { token } });
    expect(reuse.status).toBe(422);
    expect(reuse.json.message).toBe('El enlace de verificación no es válido o expiró');
    const again = await ctx.request('POST', 'auth/email/verify-request', { cookie });
    expect(again.status).toBe(409);
  });

  it('a browser opening the link is redirected to its account page with the outcome', async () => {
    const cookie = await ctx.login('propietario3'); // seeded with an unverified e-mail
    await ctx.request('POST', 'auth/email/verify-request', { cookie });
    const token = tokenIn((await lastMailTo('propietario3@correo.cl')).text)!;
    const page = await ctx.request('GET', `auth/email/verify?token=${token}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/config/cuenta?email_verificado=1');
    const bad = await ctx.request('GET', `auth/email/verify?token=${token}`, { headers: { Accept: 'text/html' } });
    expect(bad.headers.get('location')).toBe('/config/cuenta?email_verificado=0');
  });

  it('a link dies when the address changes, when it expires, or when a newer one is sent; requests are limited', async () => {
    const cookie = await ctx.login('ejecutivo');
    await ctx.request('PUT', 'auth/usuario', { cookie, body: { ...basics, email: 'ignacio.c@cordillera.cl' } });
    await ctx.request('POST', 'auth/email/verify-request', { cookie });
    const first = tokenIn((await lastMailTo('ignacio.c@cordillera.cl')).text)!;
    await ctx.request('PUT', 'auth/usuario', { cookie, body: { ...basics, email: 'ignacio.contreras@cordillera.cl' } });
    expect((await ctx.request('POST', 'auth/email/verify', { body: { token: first } })).status).toBe(422);

    await ctx.request('POST', 'auth/email/verify-request', { cookie });
    const older = tokenIn((await lastMailTo('ignacio.contreras@cordillera.cl')).text)!;
    await ctx.request('POST', 'auth/email/verify-request', { cookie });
    const newer = tokenIn((await lastMailTo('ignacio.contreras@cordillera.cl')).text)!;
    expect(newer).not.toBe(older);
    expect((await ctx.request('POST', 'auth/email/verify', { body: { token: older } })).status).toBe(422);

    const [user] = await ctx.db.select().from(users).where(eq(users.username, 'ejecutivo'));
    await ctx.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, user.id));
    expect((await ctx.request('POST', 'auth/email/verify', { body: { token: newer } })).status).toBe(422);

    // Three links were asked for in this hour; up to five are allowed, the sixth is refused.
    expect((await ctx.request('POST', 'auth/email/verify-request', { cookie })).status).toBe(200);
    expect((await ctx.request('POST', 'auth/email/verify-request', { cookie })).status).toBe(200);
    const limited = await ctx.request('POST', 'auth/email/verify-request', { cookie });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Ya solicitó varios enlaces de verificación. Intente nuevamente en una hora');
  });
});
