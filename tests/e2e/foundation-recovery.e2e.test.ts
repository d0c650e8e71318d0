/**
 * The client foundation end to end (docs/architecture.md §7): the forgotten-password flow of docs/product.md §2 through the
 * development mail page (docs/architecture.md §3): request the link on /auth/forgotten-password, read it on
 * /dev/mail (as an admin of the company, in a context of its own: README), follow the link, set a
 * new password, sign in with it. The old password stops working. The demo password is restored
 * afterwards so the other e2e files (same server) can still sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';
import { openDevMail } from './support/dev-mail.ts';

const USER = 'revisor';
const NEW_PASSWORD = 'Calidad-Torre-2026';
const API = '/api/v2/public/api';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
type DevMail = Awaited<ReturnType<typeof openDevMail>>;

/** Restores the seed password through the same API the pages use (request a link, read it, reset). */
async function restoreDemoPassword(request: APIRequestContext, mail: DevMail) {
  const before = await mail.newestMailId();
  const asked = await request.post(`${API}/auth/password/forgot`, { headers: XHR, data: { username: USER } });
  expect(asked.ok()).toBe(true);
  await expect.poll(() => mail.newestMailId()).toBeGreaterThan(before);
  const token = new URL(await mail.newestResetLink()).searchParams.get('token');
  const reset = await request.post(`${API}/auth/password/reset`, {
    headers: XHR,
    data: { token, password: 'demo1234', password_confirmation: 'demo1234' },
  });
  expect(reset.ok()).toBe(true);
}

describe.skipIf(!hasChromium())('foundation e2e: forgotten password (docs/product.md §2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('docs/product.md §2: recovery by username, link from /dev/mail, new password signs in, the old one no longer does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const mail = await openDevMail(browser);
    let changed = false;
    try {
      const before = await mail.newestMailId();

      await page.goto('/auth/login');
      await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
      await page.waitForURL(/\/auth\/forgotten-password/);
      // The page must render its form, not the route's error state.
      // Navigation keeps the login page (it has a 'Usuario' field too) on screen while the
      // recovery chunk loads: wait for the recovery page itself, or the route's error state.
      await page
        .getByRole('heading', { name: 'Recuperar contraseña' })
        .or(page.getByTestId('route-error'))
        .first()
        .waitFor();
      expect(
        await page.getByTestId('route-error').count(),
        '/auth/forgotten-password shows the route error state',
      ).toBe(0);
      await page
        .getByLabel(/usuario/i)
        .first()
        .fill(USER);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      // docs/product.md §2: the answer never reveals whether the user exists.
      await expect.poll(() => page.getByTestId('forgot-sent').textContent()).toMatch(/Si el usuario existe/i);

      // The mail is in the development outbox, newest first, with the reset link.
      await expect.poll(() => mail.newestMailId()).toBeGreaterThan(before);
      await page.goto(await mail.newestResetLink());
      await page.waitForURL(/\/auth\/reset\?token=/);
      await page.getByLabel('Nueva contraseña').first().or(page.getByTestId('route-error')).first().waitFor();
      expect(await page.getByTestId('route-error').count(), '/auth/reset shows the route error state').toBe(0);

      await page.getByLabel('Nueva contraseña').first().fill(NEW_PASSWORD);
      await page.getByLabel('Confirmar contraseña').first().fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByTestId('reset-done').waitFor();
      changed = true;

      // The old password is refused with docs/product.md §8's message; the new one signs in.
      await login(page, USER);
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toContain('Usuario y/o contraseña incorrecta');
      await login(page, USER, NEW_PASSWORD);
      await page.waitForURL(/\/home\//);
      await page.getByTestId('sidebar').first().waitFor();
    } finally {
      if (changed) await restoreDemoPassword(context.request, mail);
      await mail.close();
      await context.close();
    }
  });
});
