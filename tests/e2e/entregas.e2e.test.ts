import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Deliveries end to end: a complete delivery from scheduling to the signed act, as the supervisor
 * (schedules, adds the owner) and the inspector (details, accessories, delivery dialog, act) would,
 * the inspector on a phone-sized screen. The act PDF is downloaded and read back (docs/product.md §2 ficha tabs,
 * §4 ficha and delivery schedule, §5 delivery dialog).
 */
const UNIT = '104-B';
const OWNER = { name: 'Josefina', last_name: 'Araya Muñoz', mail: 'josefina.araya@correo.cl' };

async function openFicha(page: Page): Promise<string> {
  await page.goto('/warranties/fichas');
  await page.getByPlaceholder('Buscar unidad').fill(UNIT);
  await page.getByPlaceholder('Buscar unidad').press('Enter');
  const link = page.getByTestId('ficha-row').getByRole('link', { name: UNIT, exact: true });
  await link.click();
  await page.getByTestId('ficha-title').waitFor();
  return page.url().replace(/\/propietarios.*$/, '');
}

/** A short stroke on a signature canvas, as a finger would draw it. */
async function sign(page: Page, testId: string) {
  const canvas = page.getByTestId(testId);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? 12 : -12));
  await page.mouse.up();
}

describe.skipIf(!hasChromium())('entregas: a delivery from scheduling to the signed act', () => {
  let browser: Browser;
  let fichaUrl = '';
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('supervisor: adds the owner and schedules the delivery; the owner answer is recorded (docs/product.md §4 delivery schedule)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, 'supervisor');
    await page.waitForURL(/\/home/);
    fichaUrl = await openFicha(page);
    await expect(page.getByTestId('ficha-actions').getByRole('button').allTextContents()).resolves.toEqual([
      'Agendar entrega',
      'Entregar',
      'Limpiar',
    ]);

    await page.getByTestId('owner-add').click();
    await page.getByTestId('owner-name').fill(OWNER.name);
    await page.getByTestId('owner-last_name').fill(OWNER.last_name);
    await page.getByTestId('owner-mail').fill(OWNER.mail);
    await page.getByTestId('owner-save').click();
    await expect(page.getByTestId('owner-row').filter({ hasText: OWNER.last_name }).waitFor()).resolves.toBeUndefined();

    await page.getByTestId('action-schedule').click();
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('slot-date').fill(inThreeDays);
    await page.getByTestId('slot-hour').selectOption('10');
    await page.getByTestId('slot-minute').selectOption('30');
    await page.getByTestId('schedule-submit').click();
    await expect(page.getByTestId('schedule-state').textContent()).resolves.toBe('Por confirmar');
    await page.getByTestId('action-schedule-confirm').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=schedule-state]')?.textContent === 'Confirmada',
    );
    await context.close();
  });

  it('inspector on a phone: readings, accessories, the delivery dialog with a drawn signature, and the act PDF (docs/product.md §2/§5)', async () => {
    const context = await newContext(browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await login(page, 'inspector');
    await page.waitForURL(/\/home/);
    await page.goto(`${fichaUrl}/detalles`);
    for (const [name, value] of [
      ['light', '1234,5'],
      ['cold_water', '17,25'],
      ['gas', '3,75'],
    ] as const) {
      const input = page.locator(`input[name=reading-${name}]`);
      await input.fill(value);
      await input.press('Tab');
    }
    await page.getByTestId('details-save').click();
    await page.getByText('Cambios guardados').first().waitFor();

    await page.getByTestId('tab-accesorios').click();
    await page.getByTestId('accessory-add').click();
    const last = (await page.getByTestId('accessory-row').count()) - 1;
    await page.getByTestId(`accessory-name-${last}`).fill('Control de estacionamiento');
    await page.getByTestId(`accessory-delivered-${last}`).click();
    await page.getByTestId('accessories-save').click();
    await page.getByText('Cambios guardados').first().waitFor();

    // The inspector reviews and delivers, but scheduling and undoing are the supervisor's (server permissions).
    await expect(page.getByTestId('ficha-actions').getByRole('button').allTextContents()).resolves.toEqual([
      'Entregar',
    ]);
    await page.getByTestId('action-deliver').click();
    const dialog = page.getByTestId('deliver-dialog');
    // docs/product.md §5: the unit's sole owner starts ticked in their role, as the one receiving it.
    const attendee = dialog.locator('[data-testid^="deliver-attendee-"]');
    await expect(attendee.textContent()).resolves.toBe(`${OWNER.name} ${OWNER.last_name}`);
    await dialog.locator('[data-testid^="deliver-attendee-"][data-state="checked"]').waitFor();
    await dialog.getByTestId('deliver-observations').fill('Se entregan llaves y controles');
    await sign(page, 'owner-signature');
    await sign(page, 'representative-signature');
    await dialog.getByTestId('deliver-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Entregada').first().waitFor();

    await page.getByTestId('tab-recepcion').click();
    await page.getByTestId('reception').getByText(`${OWNER.name} ${OWNER.last_name} (Propietario)`).waitFor();
    await expect(page.getByTestId('reception').getByRole('img').count()).resolves.toBe(2);

    await page.getByTestId('tab-vista-previa-acta').click();
    await page.getByTestId('act-preview').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('act-download').click()]);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`${OWNER.name} ${OWNER.last_name}`);
    expect(text).toMatch(/1\.?234,5/);
    expect(text).toMatch(/17,25/);
    expect(text).toContain('Control de estacionamiento');
    expect(text).toContain('Se entregan llaves y controles');
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/entregas-acta-360.png` });
    await context.close();
  });
});
