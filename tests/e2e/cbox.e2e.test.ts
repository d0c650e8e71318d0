import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CBOX_LIMITS } from '#domain/cbox';
import { animationsSettled, seriousViolations } from './support/axe.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Cbox end to end (docs/product.md §2 /cbox, §6 sharing levels), in Chromium against the app started with the demo
 * seed: the administrator uploads a whole folder and watches its progress, walks the preview with next and previous,
 * shares the folder with the supervisor at "view and download", who then sees it and cannot delete it; and a large
 * upload cut off by the network pauses, then resumes after a reload from the part where it stopped.
 */
const T = 60_000;
const FOLDER = `Obra e2e ${Date.now() % 100_000}`;
const SUPERVISOR = 'Rodrigo Sepúlveda Lagos';

describe.skipIf(!hasChromium())('cbox end to end', () => {
  let browser: Browser;
  let dir: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbox-e2e-'));
    fs.mkdirSync(path.join(dir, 'Planos', 'Detalles'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'Planos', 'a-acta.txt'), 'Acta de entrega\nTorre A\n');
    fs.writeFileSync(path.join(dir, 'Planos', 'b-cubicacion.csv'), 'partida,m3\nlosa,12\n');
    fs.writeFileSync(path.join(dir, 'Planos', 'c-notas.txt'), 'Revisar juntas\n');
    fs.writeFileSync(path.join(dir, 'Planos', 'Detalles', 'escalera.txt'), 'Detalle de escalera\n');
    // Three parts, sent side by side: the network fails for all but the first one to leave.
    fs.writeFileSync(path.join(dir, 'levantamiento.txt'), 'x'.repeat(CBOX_LIMITS.partBytes * 2 + 1024));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = async (opts: { locale?: string; width?: number } = {}): Promise<Page> => {
    const ctx = await newContext(browser, opts);
    contexts.push(ctx);
    return ctx.newPage();
  };
  const signIn = async (page: Page, user: string) => {
    await login(page, user);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
  };
  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name }).first();

  it('uploads a folder with progress, previews next and previous, and shares it view-only', async () => {
    const page = await open();
    await signIn(page, 'admin');
    await page.goto('/cbox/folders');
    await page.getByTestId('cbox-new-folder').click();
    await page.getByTestId('cbox-name-input').fill(FOLDER);
    await page.getByTestId('cbox-name-submit').click();
    await row(page, FOLDER).getByText(FOLDER, { exact: true }).click();
    await page.waitForURL(/\/cbox\/folders\/\d+$/, { timeout: T });
    // The pickers take files once the folder's levels are known (the upload button shows then).
    await page.getByTestId('cbox-breadcrumbs').getByText(FOLDER).waitFor({ timeout: T });
    await page.getByRole('button', { name: 'Subir archivos' }).waitFor({ timeout: T });

    await page.getByTestId('cbox-upload-folder-input').setInputFiles(path.join(dir, 'Planos'));
    const panel = page.getByTestId('cbox-upload-panel');
    await panel.waitFor({ timeout: T });
    await expect.poll(() => panel.getByTestId('cbox-upload-item').count(), { timeout: T }).toBe(4);
    await expect
      .poll(() => panel.locator('[data-testid="cbox-upload-item"][data-status="done"]').count(), { timeout: T })
      .toBe(4);
    expect(await panel.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100');

    await row(page, 'Planos').getByText('Planos', { exact: true }).click();
    await row(page, 'a-acta.txt').waitFor({ timeout: T });
    expect(await row(page, 'Detalles').isVisible()).toBe(true);
    await row(page, 'a-acta.txt').getByText('a-acta.txt', { exact: true }).click();
    const preview = page.getByTestId('cbox-preview');
    await preview.getByTestId('preview-text').getByText('Torre A').waitFor({ timeout: T });
    expect(await preview.getByTestId('cbox-preview-position').textContent()).toBe('1 / 3');
    expect(page.url()).toMatch(/\/cbox\/folders\/\d+\/\d+$/);
    await preview.getByTestId('cbox-preview-next').click();
    await preview.getByTestId('cbox-preview-name').getByText('b-cubicacion.csv').waitFor({ timeout: T });
    await page.keyboard.press('ArrowRight');
    await preview.getByTestId('preview-text').getByText('Revisar juntas').waitFor({ timeout: T });
    await page.keyboard.press('ArrowLeft');
    await preview.getByTestId('cbox-preview-name').getByText('b-cubicacion.csv').waitFor({ timeout: T });
    await animationsSettled(preview);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden', timeout: T });

    await page.goto('/cbox/folders');
    await page.getByRole('button', { name: `Acciones de «${FOLDER}»` }).click();
    await page.getByTestId('cbox-action-share').click();
    const share = page.getByTestId('share-dialog');
    await share.getByTestId('share-subject').selectOption({ label: SUPERVISOR });
    await share.getByTestId('share-form').getByRole('button', { name: 'Compartir' }).click();
    await share.getByText(SUPERVISOR).first().waitFor({ timeout: T });

    // The supervisor sees the folder and its files, and may open but not delete them.
    const other = await open({ locale: 'pt-BR', width: 360 });
    await signIn(other, 'supervisor');
    await other.goto('/cbox/folders');
    await other.getByText(FOLDER, { exact: true }).first().click();
    await other.getByText('Planos', { exact: true }).first().click();
    await other.getByText('a-acta.txt', { exact: true }).first().waitFor({ timeout: T });
    await other.locator('[data-testid^="cbox-actions-file-"]').first().click();
    await other.locator('[data-testid="cbox-action-download"]').waitFor({ timeout: T });
    expect(await other.locator('[data-testid="cbox-action-delete"]').count()).toBe(0);
    expect(await other.locator('[data-testid="cbox-action-rename"]').count()).toBe(0);
  });

  it('pauses an upload the network cut off and resumes it from the missing parts after a reload', async () => {
    const page = await open();
    await signIn(page, 'admin');
    await page.goto('/cbox/folders');
    await row(page, FOLDER).getByText(FOLDER, { exact: true }).click();
    await page.waitForURL(/\/cbox\/folders\/\d+$/, { timeout: T });
    // The pickers take files once the folder's levels are known (the upload button shows then).
    await page.getByTestId('cbox-breadcrumbs').getByText(FOLDER).waitFor({ timeout: T });
    await page.getByRole('button', { name: 'Subir archivos' }).waitFor({ timeout: T });

    let parts = 0;
    const sent: string[] = [];
    await page.route('**/storage/parts/**', async (route) => {
      parts += 1;
      if (parts === 1) {
        sent.push(route.request().url());
        await route.continue();
      } else await route.abort('internetdisconnected');
    });
    await page.getByTestId('cbox-upload-input').setInputFiles(path.join(dir, 'levantamiento.txt'));
    const item = page.getByTestId('cbox-upload-panel').getByTestId('cbox-upload-item');
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 90_000 }).toBe('paused');
    expect(sent).toHaveLength(1);

    // A reload loses the file: the panel asks for it again and sends only the parts still missing.
    await page.unroute('**/storage/parts/**');
    const resent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/storage/parts/')) resent.push(new URL(r.url()).pathname.split('/').pop()!);
    });
    await page.reload();
    await page.getByTestId('cbox-upload-resume-hint').waitFor({ timeout: T });
    await page.getByTestId('cbox-upload-pick-again').setInputFiles(path.join(dir, 'levantamiento.txt'));
    await expect
      .poll(() => page.getByTestId('cbox-upload-item').first().getAttribute('data-status'), { timeout: 90_000 })
      .toBe('done');
    const first = new URL(sent[0]).pathname.split('/').pop();
    expect(resent.sort()).toEqual(['1', '2', '3'].filter((n) => n !== first));
    await row(page, 'levantamiento.txt').waitFor({ timeout: T });
  }, 240_000);
});
