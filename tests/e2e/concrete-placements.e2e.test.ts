import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADVANCE_COLORS } from '#domain/concrete-placements';
import { typeDesignation } from '#domain/concrete';
import { pixelsOfColor, pointOfColor } from './bim-viewer-support.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Concrete placements end to end (docs/product.md §2 /concrete; client/src/modules/concrete), in Chromium against the
 * app started with the demo seed, whose first project has the demo model assigned to Concrete: the administrator
 * picks an element not yet poured on advanceBim and schedules a placement for it with a new company and type (made
 * through the configuration API: its screens have their own test, concrete-config.e2e.test.ts), records the pour with
 * its guide, a sample and a result far below the type's strength, and closes the batch, which is judged
 * non-conforming; a second browser, in Portuguese, watching the model, sees the element turn red without a reload.
 * Screenshots (also at 360 px) are left in the temp folder the test prints.
 */
const T = 90_000;
const API = '/api/v2/public/api/hormigon';
const HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const RUN = Date.now() % 100_000;
const COMPANY = `Hormigones e2e ${RUN}`;
/** A slump no seeded type has, so the type (and its batch) is new on every run. */
const SLUMP = ((RUN % 249) + 1) / 10;
const TYPE = { grade: 'G35', confidence: 90, aggregate_mm: 20, slump_cm: SLUMP, structural: true } as const;
const DESIGNATION = typeDesignation(TYPE);

describe.skipIf(!hasChromium())('concrete placements end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concrete-placements-e2e-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    console.info(`concrete-placements e2e screenshots: ${dir}`);
  });
  const open = async (opts: { locale?: string; width?: number; height?: number } = {}): Promise<Page> => {
    const ctx = await newContext(browser, { width: 1280, height: 900, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await login(page, 'admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
    return page;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  const post = async (page: Page, url: string, body: unknown) => {
    const res = await page.request.post(url, { headers: HEADERS, data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  /** advanceBim of the demo project (the first one, with the Concrete model), its viewer loaded. */
  const openAdvance = async (page: Page) => {
    await page.goto('/concrete/advanceBim');
    const picker = page.getByTestId('project-select').last();
    await picker.waitFor({ timeout: T });
    await picker.selectOption({ label: 'Edificio Parque Los Dominicos' });
    await page.locator('[data-testid="bim-viewer"][data-state="ready"]').waitFor({ timeout: T });
    const canvas = page.getByTestId('bim-canvas-host');
    // The colours are applied once the advance and the model are both in.
    await expect.poll(() => pixelsOfColor(canvas, ADVANCE_COLORS.vaciado), { timeout: T }).toBeGreaterThan(100);
    return canvas;
  };

  it('a placement recorded on the model, its batch failing, recolours the model in another browser', async () => {
    const es = await open();
    const company = await post(es, `${API}/empresas`, { name: COMPANY, rut: null, homologated: true });
    const type = await post(es, `${API}/tipos`, { ...TYPE, description: 'e2e' });

    // An element not poured yet (grey on the model) picked with a click, and a placement scheduled for it.
    const canvas = await openAdvance(es);
    const grey = await pointOfColor(canvas, ADVANCE_COLORS.sin_vaciar, { tolerance: 0.04, brightest: 215 });
    expect(grey).not.toBeNull();
    await canvas.click({ position: grey! });
    const create = es.getByRole('button', { name: 'Crear hormigonado (1 elemento)' });
    await create.click({ timeout: T });
    const dialog = es.getByTestId('placement-dialog');
    expect(await dialog.getByTestId('placement-elements').textContent()).toBe('1 elemento del modelo BIM');
    await dialog.getByTestId('placement-element').selectOption({ label: 'Muro' });
    await dialog.getByLabel(/Volumen/).fill('2,5');
    await dialog.getByTestId('placement-location').fill('Piso 4');
    await dialog.getByTestId('placement-unit').fill('Torre e2e');
    await dialog.getByTestId('placement-company').selectOption(String(company.id));
    await dialog.getByTestId('placement-type').selectOption(String(type.id));
    await dialog.getByTestId('form-dialog-submit').click();
    // The cycle or the axes are required (docs/product.md §5): refused in Spanish before anything is sent.
    await dialog.getByText('Indique la zona/ciclo o al menos un eje', { exact: true }).waitFor({ timeout: T });
    await dialog.getByTestId('placement-axis_1').fill('C');
    await dialog.getByTestId('form-dialog-submit').click();
    await dialog.waitFor({ state: 'hidden', timeout: T });

    // The element is now scheduled: clicking it again links to its placement.
    await canvas.click({ position: grey! });
    const link = es.getByTestId('advance-selection').getByRole('link', { name: /Hormigonado N° \d+ · Programado/ });
    await link.click({ timeout: T });
    await es.waitForURL(/\/concrete\/placements\/\d+$/, { timeout: T });
    const placementUrl = es.url();

    // The second browser watches the model, in Portuguese.
    const pt = await open({ locale: 'pt-BR' });
    await pt.evaluate(() => localStorage.setItem('locale', 'pt-BR'));
    const ptCanvas = await openAdvance(pt);
    await pt.getByText('Não conforme').first().waitFor({ timeout: T });
    const redBefore = await pixelsOfColor(ptCanvas, ADVANCE_COLORS.no_conforme);

    // The pour with its guide, a sample, and a result far below the 35 MPa of a G35.
    await es.getByTestId('placement-pour').click();
    const pour = es.getByTestId('pour-dialog');
    await pour.getByTestId('guide-number-0').fill(`G-${RUN}`);
    await pour.getByTestId('guide-truck-0').fill('KX-4411');
    await pour.getByLabel(/^m³/).fill('2,5');
    await pour.getByTestId('guide-time-0').fill('09:30');
    await pour.getByTestId('form-dialog-submit').click();
    await pour.waitFor({ state: 'hidden', timeout: T });
    await es.getByTestId('placement-state').getByText('Vaciado').waitFor({ timeout: T });

    await es.getByTestId('placement-sample').click();
    const samples = es.getByTestId('samples-dialog');
    await samples.getByTestId('sample-code-0').fill(`M-${RUN}`);
    await samples.getByTestId('sample-lab-0').selectOption({ index: 1 });
    await samples.getByTestId('form-dialog-submit').click();
    await samples.waitFor({ state: 'hidden', timeout: T });
    await es.getByTestId('placement-state').getByText('Muestreado').waitFor({ timeout: T });

    await es.getByTestId('sample-results').click();
    const results = es.getByTestId('results-dialog');
    await results.getByLabel(/28 días/).fill('20,5');
    await results.getByTestId('form-dialog-submit').click();
    await results.waitFor({ state: 'hidden', timeout: T });
    await es.getByTestId('placement-state').getByText('Ensayado').waitFor({ timeout: T });
    await shot(es, 'placement-es');

    // Its batch (open, this type's only one) closed by hand is judged at once: non-conforming, and why.
    await es.getByTestId('placement-batch').click();
    await es.waitForURL(/\/concrete\/placements\/lotes\/\d+$/, { timeout: T });
    await es.getByRole('heading').filter({ hasText: DESIGNATION }).waitFor({ timeout: T });
    await es.getByTestId('batch-close').click();
    await es.getByTestId('batch-close-dialog').getByRole('button', { name: 'Cerrar lote' }).click();
    const verdict = es.getByTestId('batch-verdict');
    await verdict.waitFor({ timeout: T });
    expect(await verdict.textContent()).toContain('Lote no conforme: promedio 20,5 MPa.');
    await es.getByTestId('batch-state').first().getByText('No conforme').waitFor({ timeout: T });
    await shot(es, 'batch-es');

    // The other browser's model turns the element red, live.
    await expect
      .poll(() => pixelsOfColor(ptCanvas, ADVANCE_COLORS.no_conforme), { timeout: T })
      .toBeGreaterThan(redBefore);
    await shot(pt, 'advance-pt');

    // The list and the placement on a phone, in Portuguese.
    const phone = await open({ locale: 'pt-BR', width: 360, height: 780 });
    await phone.evaluate(() => localStorage.setItem('locale', 'pt-BR'));
    await phone.goto('/concrete/placements/list');
    await phone.getByTestId('project-select').last().selectOption({ label: 'Edificio Parque Los Dominicos' });
    await phone.getByTestId('placements-cards').waitFor({ timeout: T });
    await phone.getByText('Ensaiada').first().waitFor({ timeout: T });
    await shot(phone, 'placements-pt-360');
    await phone.goto(new URL(placementUrl).pathname);
    await phone.getByTestId('placement-samples').waitFor({ timeout: T });
    await shot(phone, 'placement-pt-360');
  }, 300_000);
});
