import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * User administration end to end (docs/product.md §1, §4, §8), in Chromium against the app started with the demo
 * seed: the admin creates a user in /config/usuarios, a project's active-user limit refuses the next one with the
 * message naming the project, and disabling a user signs their open tab out without a reload.
 */
const T = 60_000;
const PROJECT = 'Condominio Alto Macul';

describe.skipIf(!hasChromium())('admin users end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const open = async () => {
    const ctx = await newContext(browser);
    contexts.push(ctx);
    return ctx.newPage();
  };
  const signIn = async (page: Page, username: string, password?: string) => {
    await login(page, username, password);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
  };

  async function createUser(page: Page, username: string) {
    await page.getByTestId('user-new').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-username').fill(username);
    await form.getByTestId('user-first-name').fill('Camila');
    await form.getByTestId('user-last-name').fill('Orellana Díaz');
    await form.getByTestId('user-email').fill(`${username}@cordillera.cl`);
    await form.getByTestId('user-profile').selectOption({ label: 'Inspector' });
    await form.getByRole('button', { name: /proyectos/i }).click();
    await page.getByRole('checkbox', { name: PROJECT }).dispatchEvent('click');
    // Closing the project list with a click elsewhere in the form.
    await form.getByRole('heading').click();
    await form.locator('input[name="password"]').fill('clave-segura-1');
    await form.locator('input[name="password_confirmation"]').fill('clave-segura-1');
    await form.getByTestId('user-save').click();
  }

  it('creates a user, refuses one past the project limit, and signs a disabled user out live', async () => {
    const admin = await open();
    await signIn(admin, 'admin');
    await admin.goto('/config/usuarios');
    await admin.getByTestId('usuarios-page').waitFor({ timeout: T });

    // The confirmation must match ('Valores no coinciden') before anything is sent.
    await admin.getByTestId('user-new').click();
    const form = admin.getByTestId('user-form');
    await form.locator('input[name="password"]').fill('clave-segura-1');
    await form.locator('input[name="password_confirmation"]').fill('otra');
    await form.getByTestId('user-save').click();
    await expect(form.getByText('Valores no coinciden').waitFor({ timeout: T })).resolves.toBeUndefined();
    await form.getByRole('button', { name: 'Cancelar' }).click();

    await createUser(admin, 'corellana');
    await admin.getByTestId('user-row-corellana').waitFor({ timeout: T });

    // The project is now full: its limit is its count of active users.
    const row = admin.getByTestId('user-limits').locator('tr', { hasText: `Proyecto: ${PROJECT}` });
    const active = Number(
      await row
        .locator('td')
        .nth(1)
        .innerText()
        .then((s) => s.replace(/\D/g, '')),
    );
    await row.getByRole('textbox').fill(String(active));
    await admin.getByRole('button', { name: 'Guardar límites' }).click();
    await row.getByText('Completo').waitFor({ timeout: T });
    await createUser(admin, 'excedido');
    await admin
      .getByText(`Se alcanzó el límite de ${active} usuarios activos del proyecto «${PROJECT}»`)
      .first()
      .waitFor({ timeout: T });
    await admin.getByTestId('user-form').getByRole('button', { name: 'Cancelar' }).click();

    // The new user works in their own browser; disabling them signs that tab out at once.
    const user = await open();
    await signIn(user, 'corellana', 'clave-segura-1');
    await user.waitForLoadState('networkidle');
    await admin.getByTestId('user-actions-corellana').click();
    await admin.getByTestId('user-action-user.disable').click();
    await admin.getByTestId('user-confirm').getByRole('button', { name: 'Deshabilitar' }).click();
    await admin.getByTestId('user-state-corellana').getByText('Deshabilitado').waitFor({ timeout: T });
    await user.waitForURL((u) => u.pathname.startsWith('/auth'), { timeout: T });
    expect(new URL(user.url()).pathname).toMatch(/^\/auth/);
  });
});
