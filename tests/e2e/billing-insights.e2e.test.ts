import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Billing and the insights screens end to end (client/src/modules/billing, tiinsights, ocinsights), in Chromium
 * against the app started with the demo seed. The company administrator opens /billing: the plan, the overdue
 * invoice called out, its PDF read back; then /ocinsights/usabilidad draws its charts. The provider's support staff
 * (soporte: ryr and dbdump) open /tiinsights, the other company, issue it an invoice, mark it paid, export its data
 * and download the zip through the signed link (a manifest naming that company); the exports read in pt-BR; /billing
 * at 360 px is photographed. Screenshots are left in the temp folder the test prints.
 */
const T = 90_000;
const OTHER_COMPANY = 'Constructora Austral Ltda.';

/** The entries of a zip (no library: its central directory read by hand), each inflated when it was deflated. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe.skipIf(!hasChromium())('billing and insights: what a company pays, and the provider behind it', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-insights-e2e-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    console.info(`billing-insights e2e screenshots: ${dir}`);
  });
  const open = async (user: string, opts: { locale?: string; width?: number; height?: number } = {}) => {
    const ctx = await newContext(browser, { width: 1280, height: 900, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await login(page, user);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
    return page;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  /** Toasts sit over the buttons: wait until they have gone. */
  const noToast = (page: Page) => page.getByTestId('api-toast').first().waitFor({ state: 'detached', timeout: T });

  it('shows the admin its plan and overdue invoice with its PDF, and the usage charts', async () => {
    const admin = await open('admin');
    await admin.goto('/billing');
    const planName = admin.getByTestId('billing-plan-name');
    await planName.waitFor({ timeout: T });
    expect(await admin.getByTestId('billing-no-plan').count()).toBe(0);
    expect((await planName.innerText()).trim()).not.toBe('');
    await expect.poll(() => admin.getByTestId('billing-plan-modules').locator('span').count()).toBeGreaterThan(0);
    // The overdue invoice is called out at the top and its row tinted, tagged "Vencida".
    const overdue = admin.getByTestId('billing-overdue');
    await overdue.waitFor({ timeout: T });
    const row = admin
      .getByTestId('invoice-row')
      .filter({ has: admin.locator('[data-state="vencida"]') })
      .first();
    const number = (await row.getAttribute('data-number'))!;
    expect(await overdue.innerText()).toContain(number);
    expect(await row.getByTestId('invoice-state').innerText()).toBe('Vencida');
    await admin.getByRole('img', { name: 'Usuarios activos por mes' }).locator('svg').first().waitFor({ timeout: T });
    await shot(admin, '1-billing');

    // The PDF, opened the way every record's PDF is: read back.
    const href = await row.getByTestId('invoice-pdf').getAttribute('href');
    expect(href).toContain('/api/v2/public/api/facturacion/facturas/');
    const res = await admin.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await res.body()) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    const pages = await parser.getScreenshot({ scale: 1.2 });
    await parser.destroy();
    pages.pages.forEach((p, i) => fs.writeFileSync(path.join(dir, `2-invoice-pdf-${i + 1}.png`), p.data));
    expect(text).toContain(number);

    // Usage insights draw their charts: each an image named by its label (the caption of its figures' table), drawn.
    await admin.goto('/ocinsights/usabilidad');
    await admin.getByTestId('chart-table').first().waitFor({ state: 'attached', timeout: T });
    const captions = await admin.locator('[data-testid="chart-table"] caption').allTextContents();
    expect(captions.length).toBeGreaterThan(0);
    for (const caption of captions) {
      const chart = admin.getByRole('img', { name: caption, exact: true }).first();
      await chart.locator('svg').first().waitFor({ timeout: T });
    }
    await shot(admin, '3-ocinsights');
  }, 300_000);

  it('lets support issue the other company an invoice, mark it paid and export its data', async () => {
    const support = await open('soporte');
    await support.goto('/tiinsights');
    await support.waitForURL(/\/tiinsights\/empresas/, { timeout: T });
    const companyRow = support.getByTestId('company-row').filter({ hasText: OTHER_COMPANY });
    await companyRow.waitFor({ timeout: T });
    expect(await support.getByTestId('company-row').count()).toBeGreaterThanOrEqual(2);
    await shot(support, '4-tiinsights-companies');
    await companyRow.getByTestId('health-level').click();
    await support.waitForURL(/\/tiinsights\/empresa\/\d+$/, { timeout: T });
    await expect.poll(() => support.getByTestId('company-name').innerText(), { timeout: T }).toBe(OTHER_COMPANY);
    await support
      .getByRole('img', { name: 'Solicitudes y errores por hora' })
      .locator('svg')
      .first()
      .waitFor({ timeout: T });
    await support.getByTestId('billing-overview').waitFor({ timeout: T });

    // Issue: last month by default; a period already invoiced says so in the dialog, and an older one is picked.
    await support.getByTestId('invoice-issue').click();
    const dialog = support.getByTestId('issue-invoice-dialog');
    const select = dialog.getByTestId('issue-invoice-period');
    const periods = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    let issued: string | null = null;
    for (const period of periods.slice(1)) {
      await select.selectOption(period);
      await dialog.getByTestId('form-dialog-submit').click();
      const outcome = await Promise.race([
        dialog.waitFor({ state: 'detached', timeout: T }).then(() => 'issued' as const),
        dialog
          .getByTestId('issue-invoice-conflict')
          .waitFor({ timeout: T })
          .then(() => 'conflict' as const),
      ]);
      if (outcome === 'issued') {
        issued = period;
        break;
      }
    }
    expect(issued).not.toBeNull();
    const invoice = support
      .getByTestId('invoice-row')
      .filter({ hasText: `${issued}-` })
      .first();
    await invoice.waitFor({ timeout: T });
    expect(await invoice.getByTestId('invoice-state').getAttribute('data-state')).not.toBe('pagada');

    // Mark it paid: its tag turns to "Pagada" and the button goes.
    await noToast(support);
    await invoice.getByTestId('invoice-mark-paid').click();
    const pay = support.getByTestId('mark-paid-dialog');
    await pay.getByTestId('mark-paid-reference').fill('TRF-E2E');
    await pay.getByTestId('form-dialog-submit').click();
    await pay.waitFor({ state: 'detached', timeout: T });
    await expect.poll(() => invoice.getByTestId('invoice-state').innerText(), { timeout: T }).toBe('Pagada');
    expect(await invoice.getByTestId('invoice-mark-paid').count()).toBe(0);
    await shot(support, '5-tiinsights-company');

    // Export the company's data and download the zip through its signed link.
    await noToast(support);
    await support.getByTestId('export-create').click();
    const download = support.getByTestId('export-download');
    await download.waitFor({ timeout: T });
    expect(await support.getByTestId('export-result').innerText()).toMatch(/Enlace válido hasta el/);
    const zipHref = (await download.getAttribute('href'))!;
    const zip = await support.request.get(zipHref);
    expect(zip.status(), await zip.text().catch(() => '')).toBe(200);
    expect(zip.headers()['content-type']).toContain('application/zip');
    const files = unzip(await zip.body());
    expect(files.has('manifest.json')).toBe(true);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, unknown>;
    expect(JSON.stringify(manifest)).toContain(OTHER_COMPANY);
    expect(files.size).toBeGreaterThan(1);

    // The exports, read in Portuguese: this one downloaded.
    const pt = await open('soporte', { locale: 'pt-BR' });
    await pt.goto('/tiinsights/exportaciones');
    await pt.getByTestId('exports-table').waitFor({ timeout: T });
    await expect.poll(() => pt.locator('body').innerText(), { timeout: T }).toContain('Exportações');
    const exported = pt.getByTestId('export-row').filter({ hasText: OTHER_COMPANY }).first();
    await expect.poll(() => exported.innerText(), { timeout: T }).not.toContain('Não baixada');
    await shot(pt, '6-exports-pt-BR');
  }, 300_000);

  it('fits /billing on a 360 px phone', async () => {
    const phone = await open('admin', { width: 360, height: 780 });
    await phone.goto('/billing');
    await phone.getByTestId('billing-plan-name').waitFor({ timeout: T });
    await phone.getByTestId('billing-invoice-cards').waitFor({ timeout: T });
    // Nothing wider than the screen but the tables that scroll inside their own box.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, '7-billing-360');
  }, 300_000);
});
