import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch, newContext } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';

/**
 * The installable owner portal on a phone (docs/product.md#owner-portal, installable app and offline drafts):
 * the service worker takes the portal, the manifest is valid, a ticket with a photo drafted without a
 * connection waits on the device and is created once when the connection returns.
 */
const API = '/api/v2/public/api';
const T = 60_000;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
// A real 1×1 PNG: the server sniffs the first bytes of every upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function myTickets(page: Page) {
  const res = await page.request.get(`${API}/postventa/portal/solicitudes?rowsPerPage=200`, { headers: XHR });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: number; subject: string; origin: string }[];
}

describe.skipIf(!hasChromium())('portal: installable, drafts a ticket offline', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the service worker controls the portal only and the manifest is installable', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/portal/ingresar');
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
    expect(new URL(scope).pathname).toBe('/portal/');
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: T })
      .toBe(true);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Portal de propietarios',
      start_url: '/portal/inicio',
      scope: '/portal/',
      display: 'standalone',
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i: { src: string }) => i.src), apple]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/^image\//);
    }
    expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content')).toBe('yes');

    // The staff app is outside the worker's scope: its pages are never answered from the portal's shell.
    const staff = await context.newPage();
    await staff.goto('/auth/login');
    expect(await staff.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await context.close();
  });

  it('a ticket drafted offline with a photo waits on the device and is created once when back online', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/portal/ingresar');
    await page.getByLabel('Usuario').fill('propietario');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/portal\/inicio/, { timeout: T });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: T })
      .toBe(true);
    const subject = `Filtración ventana ${Date.now()}`;
    const before = (await myTickets(page)).length;

    await page.getByTestId('portal-new-ticket').click();
    await page.getByTestId('portal-create').waitFor({ timeout: T });
    await context.setOffline(true);
    await page.getByTestId('portal-offline-note').waitFor();
    await page.getByTestId('portal-subject').fill(subject);
    await page.getByTestId('portal-message').fill('Entra agua por la ventana del dormitorio cuando llueve');
    expect(await page.getByTestId('portal-pick-photos').textContent()).toContain('Tomar foto o elegir archivo');
    await page
      .getByTestId('portal-photo-input')
      .setInputFiles({ name: 'ventana.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('portal-draft-photo').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('portal-create-submit').click();

    await page.waitForURL(/\/portal\/inicio/, { timeout: T });
    const draft = page.getByTestId('portal-draft').filter({ hasText: subject });
    await draft.waitFor({ timeout: T });
    expect(await draft.getByTestId('portal-draft-status').textContent()).toBe('Se enviará al recuperar la conexión');
    expect(await draft.textContent()).toContain('Borrador guardado en este dispositivo');
    expect(await draft.textContent()).toContain('1 foto');
    expect(await seriousViolations(page)).toEqual([]);

    // Without a connection the shell still opens from the worker; API answers were never kept.
    const second = await context.newPage();
    await second.goto('/portal/inicio');
    expect(await second.title()).toBe('Postventa QA');
    expect(await second.evaluate(() => caches.keys())).toEqual([expect.stringMatching(/^portal-shell-/)]);
    const kept = await second.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(
      kept.filter(
        (p) => !p.startsWith('/assets/') && !p.startsWith('/portal/') && p !== '/index.html' && p !== '/favicon.svg',
      ),
    ).toEqual([]);
    await second.close();

    await context.setOffline(false);
    await expect.poll(() => draft.getByTestId('portal-draft-status').textContent(), { timeout: T }).toBe('Enviado');
    const row = page.getByTestId('portal-ticket').filter({ hasText: subject });
    await row.waitFor({ timeout: T });
    const created = (await myTickets(page)).filter((t) => t.subject === subject);
    expect(created).toHaveLength(1);
    expect(created[0].origin).toBe('PWA');
    expect((await myTickets(page)).length).toBe(before + 1);

    // Its photo went with it; opened again, the portal has nothing left to send.
    const activity = await page.request.get(`${API}/postventa/portal/solicitudes/${created[0].id}/actividad`, {
      headers: XHR,
    });
    const first = (await activity.json()).data.find((e: { archivos: unknown[] }) => e.archivos.length);
    expect(first.archivos[0].name).toBe('ventana.png');
    await page.reload();
    await row.waitFor({ timeout: T });
    expect(await page.getByTestId('portal-draft').count()).toBe(0);
    expect((await myTickets(page)).filter((t) => t.subject === subject)).toHaveLength(1);
    await context.close();
  });

  it("a draft the server refuses keeps its photo and shows the server's reason on its field until corrected", async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/portal/ingresar');
    await page.getByLabel('Usuario').fill('propietario');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/portal\/inicio/, { timeout: T });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: T })
      .toBe(true);
    const subject = `Grieta muro ${Date.now()}`;
    // The server refuses the first send (as it would a unit no longer the owner's): a 422 with its field.
    let refusals = 0;
    await page.route('**/postventa/portal/solicitudes', async (route) => {
      if (route.request().method() !== 'POST' || refusals++) return route.fallback();
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Los datos no son válidos',
          fields: { subject: 'Asunto rechazado por el servidor' },
        }),
      });
    });
    await page.getByTestId('portal-new-ticket').click();
    await page.getByTestId('portal-subject').fill(subject);
    await page.getByTestId('portal-message').fill('Apareció una grieta en el muro del living');
    await page
      .getByTestId('portal-photo-input')
      .setInputFiles({ name: 'grieta.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('portal-create-submit').click();
    await page.getByText('Asunto rechazado por el servidor').waitFor({ timeout: T });
    expect(page.url()).toContain('/portal/solicitud/nueva');

    await page.getByRole('button', { name: 'Cancelar' }).click();
    const draft = page.getByTestId('portal-draft').filter({ hasText: subject });
    await draft.waitFor({ timeout: T });
    expect(await draft.getByTestId('portal-draft-status').textContent()).toBe('No se pudo enviar: revise los datos');
    expect(await draft.textContent()).toContain('Asunto rechazado por el servidor');
    expect(await draft.textContent()).toContain('1 foto');
    expect(await seriousViolations(page)).toEqual([]);

    await draft.getByRole('link', { name: 'Corregir' }).click();
    await page.getByTestId('portal-draft-photo').waitFor({ timeout: T });
    expect(await page.getByTestId('portal-subject').inputValue()).toBe(subject);
    await page.getByTestId('portal-create-submit').click();
    await page.waitForURL(/\/portal\/solicitud\/\d+$/, { timeout: T });
    expect((await myTickets(page)).filter((t) => t.subject === subject)).toHaveLength(1);
    await context.close();
  });
});
