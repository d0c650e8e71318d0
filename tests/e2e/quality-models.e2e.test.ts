import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * BIM models end to end (docs/product.md §5 BIM model, §1 Quality), in Chromium against the app started with the
 * demo seed: the administrator creates a model in config/projects/models, attaches a one-wall IFC for a stage,
 * watches it go from "en optimización" to "listo" without a reload, opens it in /quality/bim, picks the wall and
 * reads its properties, links it to an activity and colours the model by progress. Screenshots in es and pt-BR
 * are left in the temp folder the test prints.
 */
const T = 90_000;
const RUN = Date.now() % 100_000;
const MODEL = `Torre e2e ${RUN}`;
const ACTIVITY = `Muros e2e ${RUN}`;
const HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
/** The hand-written one-wall IFC of tests/fixtures (FireRating F90), copied under a user-like name. */
function ifcFixture(dir: string): { file: string; fireRating: string } {
  const file = path.join(dir, 'muro.ifc');
  fs.copyFileSync(path.resolve(repoRoot, 'tests', 'fixtures', 'minimal-wall.ifc'), file);
  return { file, fireRating: 'F90' };
}

describe.skipIf(!hasChromium())('quality BIM models end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quality-models-e2e-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    console.info(`quality-models e2e screenshots: ${dir}`);
  });
  const open = async (opts: { locale?: string; width?: number; height?: number } = {}): Promise<Page> => {
    const ctx = await newContext(browser, opts);
    contexts.push(ctx);
    return ctx.newPage();
  };
  const signIn = async (page: Page, user: string) => {
    await login(page, user);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });

  it('creates a model, attaches an IFC, sees it optimised live, opens it, reads a wall, links it and colours it', async () => {
    const { file, fireRating } = ifcFixture(dir);
    const page = await open();
    await signIn(page, 'admin');

    await page.goto('/config/projects/models');
    const project = page.getByTestId('models-project');
    if (!(await project.inputValue())) await project.selectOption({ index: 1 });
    const projectId = Number(await project.inputValue());
    await page.getByTestId('model-new').click();
    const dialog = page.getByTestId('model-dialog');
    await dialog.getByTestId('model-name-input').fill(MODEL);
    await dialog.getByTestId('form-dialog-submit').click();
    await dialog.waitFor({ state: 'hidden', timeout: T });
    const card = page.locator(`[data-model-name="${MODEL}"]`);
    await card.waitFor({ timeout: T });
    expect(await card.getByTestId('model-state').textContent()).toBe('Sin archivos');

    // Attach the IFC for the first free stage; the states the card goes through are recorded as they show.
    await card.getByTestId('model-attach').click();
    const attach = page.getByTestId('attach-dialog');
    expect(await attach.getByTestId('attach-stage').locator('option:checked').textContent()).toBe('Estructura');
    await attach.locator('input[type="file"]').first().setInputFiles(file);
    await expect.poll(() => attach.getByTestId('form-dialog-submit').isEnabled(), { timeout: T }).toBe(true);
    await page.evaluate((name) => {
      const seen: string[] = [];
      (window as unknown as { __states: string[] }).__states = seen;
      const read = () => {
        const el = document.querySelector(`[data-model-name="${name}"] [data-testid="model-state"]`);
        const text = el?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, MODEL);
    await attach.getByTestId('form-dialog-submit').click();
    await attach.waitFor({ state: 'hidden', timeout: T });
    await card.locator('[data-testid="model-state"][data-state="listo"]').waitFor({ timeout: T });
    const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
    expect(states).toContain('En optimización');
    expect(states[states.length - 1]).toBe('Listo');
    const fileRow = card.locator('[data-stage="estructura"]');
    expect(await fileRow.textContent()).toContain('muro.ifc');
    await shot(page, 'models-es');

    // An activity of the project to link the wall to (the list page is another screen's flow).
    const created = await page.evaluate(
      async ({ projectId, description, headers }) => {
        const res = await fetch('/api/v2/public/api/calidad/actividades', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            project_id: projectId,
            description,
            estimated_start: '2026-01-05',
            estimated_end: '2026-12-20',
            progress: 40,
            actual_start: '2026-01-10',
          }),
        });
        return res.status;
      },
      { projectId, description: ACTIVITY, headers: HEADERS },
    );
    expect(created).toBe(201);

    // The viewer: the model loads, a click on the wall (the middle of the fitted view) picks it.
    await card.getByTestId('model-open').click();
    await page.waitForURL(/\/quality\/bim\/\d+$/, { timeout: T });
    await page.locator('[data-testid="bim-viewer"][data-state="ready"]').waitFor({ timeout: T });
    await page.getByTestId('bim-canvas-host').click();
    const panel = page.getByTestId('bim-panel');
    const properties = panel.getByTestId('bim-properties');
    await properties.waitFor({ timeout: T });
    expect(await properties.textContent()).toContain('IfcWall');
    expect(await properties.textContent()).toContain('FireRating');
    expect(await properties.textContent()).toContain(fireRating);

    await panel.getByTestId('bim-link-search').fill(ACTIVITY);
    await panel.getByTestId('bim-link-submit').click();
    await panel.getByTestId('bim-linked').getByText(ACTIVITY).waitFor({ timeout: T });

    await page.getByText('Colorear por avance').click();
    await page.getByTestId('bim-progress-legend').waitFor({ timeout: T });
    await shot(page, 'bim-es');
    await page.getByText('Avance 4D').click();
    await page.getByTestId('bim-plan-legend').waitFor({ timeout: T });
    expect(await page.getByTestId('bim-plan-legend').textContent()).toMatch(/\(1\)/);
    await shot(page, 'bim-4d-es');
    const bimPath = new URL(page.url()).pathname;

    // The same screens on a phone, in Portuguese.
    const phone = await open({ locale: 'pt-BR', width: 360, height: 780 });
    await signIn(phone, 'admin');
    await phone.evaluate(() => localStorage.setItem('locale', 'pt-BR'));
    await phone.goto('/config/projects/models');
    await phone.getByTestId('models-project').selectOption(String(projectId));
    await phone.locator(`[data-model-name="${MODEL}"] [data-state="listo"]`).first().waitFor({ timeout: T });
    // On a phone the configuration's own title comes first; the page's title follows it.
    await phone.getByRole('heading', { name: 'Modelos BIM' }).first().waitFor({ timeout: T });
    await phone.getByText('Forçar atualização').first().waitFor({ timeout: T });
    await shot(phone, 'models-pt');
    await phone.goto(bimPath);
    await phone.locator('[data-testid="bim-viewer"][data-state="ready"]').waitFor({ timeout: T });
    await phone.getByText('Colorir por avanço').click();
    await phone.getByTestId('bim-progress-legend').waitFor({ timeout: T });
    await shot(phone, 'bim-pt');
  });
});
