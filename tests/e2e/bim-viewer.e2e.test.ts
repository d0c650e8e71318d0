/**
 * The BIM viewer (client/src/widgets/bim-viewer) in headless Chromium with a software WebGL: the harness page
 * (bim-viewer.page.tsx) built with the client's Vite config and served by the real server, loading fragments
 * made from tests/fixtures/minimal-wall.ifc by That Open's IfcImporter (support/ifc-fragments.ts).
 * Pixels are counted on screenshots against the canvas background: the wall draws, selects (in the selection
 * colour), hides, shows again and fits; a 404 and bytes that are not fragments show the load error; unmounting
 * ends the worker; every request stays on our origin and no web-ifc wasm is fetched.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium } from './support/browser.ts';
import { scratchDir } from './files-support.ts';
import {
  FIXTURE_WALL,
  launchWebGl,
  pixelsOfColor,
  pixelsOffBackground,
  prepareHarness,
  serveHarness,
} from './bim-viewer-support.ts';
import { BACKGROUND_COLOR, SELECTION_COLOR } from '../../client/src/widgets/bim-viewer/styles.ts';

describe.skipIf(!hasChromium())('BIM viewer', () => {
  let workDir: string;
  let harness: Awaited<ReturnType<typeof prepareHarness>>;
  let server: Awaited<ReturnType<typeof serveHarness>>;
  let browser: Browser;

  beforeAll(async () => {
    workDir = scratchDir('e2e-bim');
    harness = await prepareHarness(workDir);
    server = await serveHarness(workDir, harness.dist);
    browser = await launchWebGl();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  async function open(query: string): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1100, height: 800 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`/?${query}`, { timeout: 120_000 });
    await page.waitForFunction(() => window.bim.loaded || window.bim.errors.length > 0, null, { timeout: 120_000 });
    return { page, requests };
  }

  /** Waits until the canvas shows (or stops showing) the model: rendering settles a few frames after each call. */
  async function settle(page: Page, check: () => Promise<boolean>) {
    for (let i = 0; i < 40 && !(await check()); i++) await page.waitForTimeout(250);
  }

  it('draws the wall, selects it on click, hides it, shows it again and fits', async () => {
    const { page, requests } = await open(`m=${harness.fixture}`);
    const host = page.getByTestId('bim-canvas-host');
    const info = await page.evaluate(() => window.bim.loaded);
    expect(info).toEqual({ elementCount: 1, globalIds: [FIXTURE_WALL] });
    expect(await page.getByRole('img', { name: 'Vista 3D del modelo BIM' }).count()).toBe(1);

    await settle(page, async () => (await pixelsOffBackground(host, BACKGROUND_COLOR)) > 5000);
    const shown = await pixelsOffBackground(host, BACKGROUND_COLOR);
    expect(shown).toBeGreaterThan(5000);
    expect(await pixelsOfColor(host, SELECTION_COLOR)).toBeLessThan(100);
    await page.screenshot({ path: `${workDir}/1-loaded.png` });

    // A click on the middle of the canvas (the fitted wall) selects it and paints it in the selection colour.
    const box = (await host.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.bim.selections.length > 0);
    expect(await page.evaluate(() => window.bim.selections.at(-1))).toEqual([FIXTURE_WALL]);
    await expect.poll(() => page.getByTestId('bim-selected-count').textContent()).toBe('Seleccionados: 1');
    await settle(page, async () => (await pixelsOfColor(host, SELECTION_COLOR)) > shown / 4);
    expect(await pixelsOfColor(host, SELECTION_COLOR)).toBeGreaterThan(shown / 4);

    // Hide selected: back to the background (the 1 px border and rounded corners are all that differ).
    await page.getByRole('button', { name: 'Ocultar selección' }).click();
    await settle(page, async () => (await pixelsOffBackground(host, BACKGROUND_COLOR)) < shown / 10);
    expect(await pixelsOffBackground(host, BACKGROUND_COLOR)).toBeLessThan(shown / 10);

    // Show all, zoom far out with the wheel, then fit: the wall fills about as much as after loading.
    await page.getByRole('button', { name: 'Mostrar todo' }).click();
    await settle(page, async () => (await pixelsOffBackground(host, BACKGROUND_COLOR)) > shown / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 800);
    await page.waitForTimeout(1500);
    const zoomedOut = await pixelsOffBackground(host, BACKGROUND_COLOR);
    expect(zoomedOut).toBeLessThan(shown / 2);
    await page.getByRole('button', { name: 'Ajustar a la vista' }).click();
    await settle(page, async () => (await pixelsOffBackground(host, BACKGROUND_COLOR)) > shown / 2);
    expect(await pixelsOffBackground(host, BACKGROUND_COLOR)).toBeGreaterThan(shown / 2);

    // A section plane across X cuts the wall (5 m along X) in half; removing it brings the wall back whole.
    await page.getByRole('button', { name: 'Quitar selección' }).click();
    const whole = await pixelsOffBackground(host, BACKGROUND_COLOR);
    await page.getByRole('button', { name: 'Plano de corte en X' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Quitar planos de corte' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${workDir}/2-section.png` });
    await page.getByRole('button', { name: 'Quitar planos de corte' }).click();
    await settle(page, async () => Math.abs((await pixelsOffBackground(host, BACKGROUND_COLOR)) - whole) < whole / 10);

    // Everything from our origin; the browser never fetches web-ifc's wasm (it loads fragments, not IFC).
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    expect(requests.filter((u) => u.endsWith('.wasm'))).toEqual([]);
    const workerUrl = requests.find((u) => /\/assets\/worker-[\w-]+\.mjs$/.test(u));
    expect(workerUrl).toBeDefined();
    const worker = await page.request.get(workerUrl!);
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);

    // Unmounting frees the scene: the canvas leaves the page and the fragments worker ends.
    expect(page.workers().length).toBeGreaterThan(0);
    await page.getByTestId('toggle-viewer').click();
    await expect.poll(() => page.locator('canvas').count()).toBe(0);
    await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBe(0);
    await page.close();
  });

  it.each([
    ['a fragments URL the server refuses', () => harness.missing, /HTTP 40[134]/],
    ['bytes that are not fragments', () => harness.garbage, /./],
  ])('%s shows the model load error and calls onError', async (_name, url, message) => {
    const { page } = await open(`m=${url()}&lang=pt-BR`);
    await expect
      .poll(() => page.getByTestId('bim-load-error').textContent())
      .toBe('Não foi possível carregar o modelo BIM. Tente novamente ou reprocesse o arquivo.');
    const errors = await page.evaluate(() => window.bim.errors);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
    await page.close();
  });
});
