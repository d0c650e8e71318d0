import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
let ownMail: number;
let otherMail: number;
let unscopedMail: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ownMail = await ctx.deps.mailer.send({
    to: 'ana@cordillera.cl',
    subject: 'Restablecer contraseña',
    text: 'http://localhost:3000/auth/reset?token=propio',
    companyId: ctx.seed.companyId,
  });
  otherMail = await ctx.deps.mailer.send({
    to: 'otra@otra.cl',
    subject: 'Restablecer contraseña',
    text: 'http://localhost:3000/auth/reset?token=ajeno',
    companyId: ctx.seed.otherCompanyId,
  });
  unscopedMail = await ctx.deps.mailer.send({ to: 'nadie@correo.cl', subject: 'Sin empresa', text: 'sin empresa' });
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const page = (cookie?: string) => ctx.request('GET', '/dev/mail', { cookie, headers: { Accept: 'text/html' } });

describe("development mail page /dev/mail (docs/architecture.md §3): an admin of the company, that company's mail only", () => {
  it('answers 401 without a session and shows no mail, so nobody on the network can read reset links', async () => {
    const res = await page();
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('token=');
  });

  it('refuses staff without config_usuarios and owners (403)', async () => {
    for (const username of ['agente', 'supervisor', 'propietario']) {
      const res = await page(await ctx.login(username));
      expect(res.status, username).toBe(403);
      expect(res.text).not.toContain('token=');
    }
  });

  it("shows an admin the mail of their own company, with clickable links, and never another company's", async () => {
    const admin = await page(await ctx.login('admin'));
    expect(admin.status).toBe(200);
    expect(admin.text).toContain(`data-mail-id="${ownMail}"`);
    const url = 'http://localhost:3000/auth/reset?token=propio';
    expect(admin.text).toContain(`<a href="${url}">${url}</a>`);
    expect(admin.text).not.toContain(`data-mail-id="${otherMail}"`);
    expect(admin.text).not.toContain(`data-mail-id="${unscopedMail}"`);

    const other = await page(await ctx.login('otra'));
    expect(other.status).toBe(200);
    expect(other.text).toContain(`data-mail-id="${otherMail}"`);
    expect(other.text).not.toContain(`data-mail-id="${ownMail}"`);
  });
});
