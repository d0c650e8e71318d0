import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { scratchDir } from './files-support.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * The Quality Gantt end to end (docs/product.md §2 /quality/gantt), in Chromium against the app started with the
 * demo seed: the administrator plans an activity through the API in their first project, opens the Gantt in
 * Spanish while a second browser opens it in Portuguese; a drag of the bar in the first moves the planned dates
 * (PATCH calidad/actividades/{id}) and the second browser's bar moves too, live, without a reload. Screenshots of
 * both are left in the scratch folder the test prints.
 */
const T = 60_000;
const API = '/api/v2/public/api';
const RUN = Date.now() % 100_000;
const ACTIVITY = `Hormigonado losa e2e ${RUN}`;
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe.skipIf(!hasChromium())('quality gantt end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const open = async (locale: string): Promise<Page> => {
    const ctx = await newContext(browser, { locale, width: 1280, height: 860 });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await login(page, 'admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
    return page;
  };
  /** The Gantt of the project: the picker remembers it for the browser. */
  const openGantt = async (page: Page, projectId: string) => {
    await page.goto('/quality/gantt');
    await page.getByTestId('quality-gantt-project').selectOption(projectId);
    await page.getByTestId('quality-gantt').waitFor({ timeout: T });
  };
  const bar = (page: Page, id: number) =>
    page.locator(`[data-testid="quality-gantt"] .gantt_task_line[data-task-id="${id}"]`);

  it('a bar dragged in one browser moves in the other', async () => {
    const es = await open('es-CL');
    await es.goto('/quality/gantt');
    const picker = es.getByTestId('quality-gantt-project');
    await picker.waitFor({ timeout: T });
    const projectId = await picker.locator('option:not([value=""]):not([disabled])').first().getAttribute('value');
    expect(projectId).toBeTruthy();

    // The activity the test drags, planned from today for five days.
    const created = await es.request.post(`${API}/calidad/actividades`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { project_id: Number(projectId), description: ACTIVITY, estimated_start: day(0), estimated_end: day(4) },
    });
    expect(created.status()).toBe(201);
    const activityId = ((await created.json()) as { data: { id: number } }).data.id;

    const pt = await open('pt-BR');
    await openGantt(es, projectId!);
    await openGantt(pt, projectId!);
    await bar(es, activityId).waitFor({ timeout: T });
    await bar(pt, activityId).waitFor({ timeout: T });
    await es.getByTestId('quality-gantt-zoom-day').click();

    const dir = scratchDir('quality-gantt-e2e');
    await es.screenshot({ path: path.join(dir, 'gantt-es.png') });
    await pt.screenshot({ path: path.join(dir, 'gantt-pt-BR.png') });
    console.log(`quality gantt screenshots: ${dir}`);

    const beforeOther = (await bar(pt, activityId).boundingBox())!;
    const box = (await bar(es, activityId).boundingBox())!;
    // Day zoom: a column is a day; the bar is taken by its middle and let go two days later, or earlier when later
    // would leave the window (dhtmlx widens the columns to fill the chart, so a day may be 60 px or more).
    const dayWidth = await es.evaluate(() => {
      const cell = document.querySelector(
        '[data-testid="quality-gantt"] .gantt_scale_line:last-child .gantt_scale_cell',
      );
      return cell ? cell.getBoundingClientRect().width : 36;
    });
    const viewport = es.viewportSize()!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const days = from.x + dayWidth * 2 < viewport.width - 8 ? 2 : -2;
    const patched = es.waitForResponse(
      (r) => r.url().includes(`/calidad/actividades/${activityId}`) && r.request().method() === 'PATCH',
      { timeout: T },
    );
    await es.mouse.move(from.x, from.y);
    await es.mouse.down();
    for (let step = 1; step <= 10; step++) await es.mouse.move(from.x + (dayWidth * days * step) / 10, from.y);
    await es.mouse.up();
    const answer = await patched;
    expect(answer.status()).toBe(200);
    const row = ((await answer.json()) as { data: { estimated_start: string; estimated_end: string } }).data;
    expect([row.estimated_start, row.estimated_end]).toEqual([day(days), day(4 + days)]);

    // The other browser: its bar moves the same way (week zoom: about 2/7 of a week column) without a reload.
    await expect
      .poll(async () => Math.sign(days) * (((await bar(pt, activityId).boundingBox())?.x ?? 0) - beforeOther.x), {
        timeout: 15_000,
      })
      .toBeGreaterThan(5);
    await pt.screenshot({ path: path.join(dir, 'gantt-pt-BR-moved.png') });

    await es.request.delete(`${API}/calidad/actividades/${activityId}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
  });
});
