/**
 * Profiles and permissions end to end (docs/product.md §6): an admin creates a profile with a few permissions and
 * creates a user with it; that user signs in and sees only those modules; the admin removes a permission and the
 * user's open tab loses the menu entry without a reload.
 *
 * The server fixture is the seeded app with its realtime half (runtime/test-support.ts) serving the built client,
 * in this process, so the test can read the stored profile back.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { profiles, users } from '../../server/src/db/schema/index.ts';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../runtime/test-support.ts';
import { hasChromium, launch, login } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';

const PROFILE = 'Entregas y biblioteca';
const USERNAME = 'lfuentes';
const PASSWORD = 'clave-segura-1';
let ctx: RealtimeTestContext;
let browser: Browser;

async function open(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: ctx.baseUrl,
    locale: 'es-CL',
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

async function sidebarAreas(page: Page): Promise<string[]> {
  const links = page.getByTestId('sidebar').first().locator('a[data-testid^="nav-"]');
  await links.first().waitFor();
  const ids = await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('nav-'.length)));
  return ids.sort();
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.chakra-spinner'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

describe.skipIf(!hasChromium())('admin profiles e2e (docs/product.md §6)', () => {
  beforeAll(async () => {
    ctx = await createRealtimeTestContext({ clientDir: path.resolve('client/dist') });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
  });

  it("a profile's permissions decide the user's modules, and a change reaches the open tab live", async () => {
    const admin = await open();
    await login(admin, 'admin');
    await admin.waitForURL(/\/home\//);
    await admin.goto('/config/permisos');
    await admin.getByTestId('profile-new').click();
    await admin.getByTestId('profile-name').fill(PROFILE);
    for (const flag of ['modulo_entregas', 'modulo_biblioteca', 'ver_notificaciones'])
      await admin.getByTestId(`perm-${flag}`).click();
    await admin.getByTestId('profile-save').click();
    await expect
      .poll(async () => (await ctx.db.select().from(profiles).where(eq(profiles.name, PROFILE))).length)
      .toBe(1);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.name, PROFILE));
    expect([...profile.permissions].sort()).toEqual(['modulo_biblioteca', 'modulo_entregas', 'ver_notificaciones']);

    // The admin creates a user with that profile in /config/usuarios.
    await admin.goto('/config/usuarios');
    await admin.getByTestId('user-new').click();
    const form = admin.getByTestId('user-form');
    await form.getByTestId('user-username').fill(USERNAME);
    await form.getByTestId('user-first-name').fill('Lucía');
    await form.getByTestId('user-last-name').fill('Fuentes Rojas');
    await form.getByTestId('user-email').fill(`${USERNAME}@cordillera.cl`);
    await form.getByTestId('user-profile').selectOption({ label: PROFILE });
    await form.getByRole('button', { name: /proyectos/i }).click();
    await admin.getByRole('checkbox', { name: 'Condominio Alto Macul' }).dispatchEvent('click');
    await form.getByRole('heading').click();
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await form.getByTestId('user-save').click();
    await admin.getByTestId(`user-row-${USERNAME}`).waitFor({ timeout: 20_000 });
    const [created] = await ctx.db.select().from(users).where(eq(users.username, USERNAME));
    expect(created.profileId).toBe(profile.id);

    const user = await open();
    await login(user, USERNAME, PASSWORD);
    await user.waitForURL(/\/home\/proyectos/);
    expect(await sidebarAreas(user)).toEqual(['cbox', 'config', 'home', 'ocinsights', 'warranties']);
    // Marks this document: a reload would lose it.
    await user.evaluate(() => ((window as unknown as { tabMark: number }).tabMark = 1));

    await admin.goto('/config/permisos');
    const row = admin.getByTestId(`profile-${profile.id}`);
    await row.getByRole('button', { name: 'Editar' }).click();
    await admin.getByTestId('perm-modulo_biblioteca').click();
    await admin.getByTestId('profile-save').click();

    await expect
      .poll(() => sidebarAreas(user), { timeout: 20_000 })
      .toEqual(['config', 'home', 'ocinsights', 'warranties']);
    expect(await user.evaluate(() => (window as unknown as { tabMark?: number }).tabMark)).toBe(1);
  });

  it('the positions and profiles screens are axe-clean (no serious or critical violation)', async () => {
    const page = await open();
    await login(page, 'admin');
    await page.waitForURL(/\/home\//);
    const found: Record<string, string[]> = {};
    for (const screen of ['/config/cargos', '/config/permisos']) {
      await page.goto(screen);
      await settled(page);
      if (screen === '/config/permisos') {
        await page.getByTestId('profile-new').click();
        await page.getByTestId('profile-editor').waitFor();
      }
      const v = await seriousViolations(page);
      if (v.length) found[screen] = v;
    }
    expect(found).toEqual({});
  });
});
