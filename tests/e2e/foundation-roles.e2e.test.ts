/**
 * The client foundation end to end (docs/architecture.md §7): every demo role signs in to the real app and its
 * sidebar lists exactly the areas its seeded permissions open (docs/product.md §2 route table, docs/product.md §6
 * permission expressions); a wrong password shows docs/product.md §8's message; nothing is fetched from
 * outside our origin (docs/architecture.md §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { can, MODULE_PERMISSIONS } from '#domain/permissions';
import { demoRoles } from '../../server/src/db/seed-data.ts';
import { baseURL, hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Sidebar areas of docs/product.md §2 that need no permission (home, ocinsights, config); every other area
 * is gated by its MODULE_PERMISSIONS expression. Order is irrelevant: the comparison is by set.
 */
const UNGATED_AREAS = ['home', 'ocinsights', 'config'] as const;

function expectedAreas(permissions: readonly string[]): string[] {
  const gated = Object.entries(MODULE_PERMISSIONS)
    .filter(([, expr]) => can(permissions, expr))
    .map(([area]) => area);
  return [...UNGATED_AREAS, ...gated].sort();
}

/** Records every request that leaves the app's origin (data: and blob: are local). */
function watchForeignRequests(page: Page): string[] {
  const origin = new URL(baseURL()).origin;
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

async function sidebarAreas(page: Page): Promise<string[]> {
  const links = page.getByTestId('sidebar').first().locator('a[data-testid^="nav-"]');
  await links.first().waitFor();
  const ids = await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('nav-'.length)));
  return ids.sort();
}

describe.skipIf(!hasChromium())('foundation e2e: roles and sign-in (docs/product.md §2/§6/§8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const role of demoRoles) {
    it(`docs/product.md §6: '${role.username}' sees exactly the modules its permissions allow`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const foreign = watchForeignRequests(page);
      try {
        await login(page, role.username);
        await page.waitForURL(/\/home\/proyectos/);
        expect(await sidebarAreas(page)).toEqual(expectedAreas(role.permissions));
        // A module the role may not open is not reachable by typing its path either (docs/product.md §6).
        const denied = Object.entries(MODULE_PERMISSIONS).find(([, expr]) => !can(role.permissions, expr));
        if (denied) {
          await page.goto(`/${denied[0]}`);
          // Cbox sends whoever lacks it to its activation page instead (docs/decisions.md D-269).
          await page.getByTestId(denied[0] === 'cbox' ? 'cbox-activation' : 'no-permission').waitFor();
          if (denied[0] === 'cbox') expect(new URL(page.url()).pathname).toBe('/cbox/activation');
        }
        expect(foreign).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("docs/product.md §8: a wrong password shows 'Usuario y/o contraseña incorrecta' and stays on the login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await login(page, 'agente', 'clave-equivocada');
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toContain('Usuario y/o contraseña incorrecta');
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      // The right password still works afterwards (one failure does not lock the account).
      await login(page, 'agente');
      await page.waitForURL(/\/home\//);
    } finally {
      await context.close();
    }
  });
});
