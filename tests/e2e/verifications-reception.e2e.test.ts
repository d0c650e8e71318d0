import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * A reception inspection end to end (docs/product.md §1 Verifications / Reception; client/src/modules/verifications),
 * in Chromium against the app started with the demo seed: the administrator writes a template of three checkpoints
 * and a reception of the demo project through the API (their screens have their own tests); the inspector, on a
 * 360 px phone, starts the inspection, answers each checkpoint (a photo taken for the first, the second failed with
 * its observation, the third not applicable), signs with the contractor, and the reception is observed with one
 * follow-up; a supervisor's browser in Portuguese watching the follow-ups sees it arrive without a reload; the PDF
 * record is downloaded, read back and drawn as an image beside the screenshots; closing the follow-up approves the
 * reception. Screenshots are left in the temp folder the test prints.
 */
const T = 90_000;
const API = '/api/v2/public/api/verificaciones';
const HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const RUN = Date.now() % 100_000;
const PROJECT = 'Edificio Parque Los Dominicos';
const TEMPLATE = `Losa e2e ${RUN}`;
const CODE = `E2E-${RUN}`;
const CHECKPOINTS = [
  { title: 'Enfierradura según plano', guidance: 'Diámetros y espaciamientos del plano vigente', evidence: 'foto' },
  { title: 'Recubrimientos y separadores', guidance: null, evidence: 'observacion' },
  { title: 'Pasadas de instalaciones', guidance: null, evidence: 'ninguna' },
] as const;
const FAILURE = 'Faltan separadores en el paño norte del eje 3';

const today = () => new Date().toISOString().slice(0, 10);

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

describe.skipIf(!hasChromium())('verifications: a reception inspected on a phone, signed, followed up', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verifications-e2e-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    console.info(`verifications e2e screenshots: ${dir}`);
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
  const post = async (page: Page, url: string, body: unknown) => {
    const res = await page.request.post(url, { headers: HEADERS, data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const card = (page: Page, title: string): Locator =>
    page.getByTestId('checkpoint-card').filter({ hasText: title }).first();
  const saved = (c: Locator) => expect.poll(() => c.getByTestId('checkpoint-status').innerText(), { timeout: T });

  it('is inspected at 360 px, observed with a follow-up seen live in pt-BR, and approved when it closes', async () => {
    const admin = await open('admin');
    // The demo project, picked where the program is shown (its id is the picker's value).
    await admin.goto('/verifications/gantt');
    const picker = admin.getByTestId('project-select').last();
    await picker.waitFor({ timeout: T });
    await picker.selectOption({ label: PROJECT });
    const projectId = Number(await picker.inputValue());
    expect(projectId).toBeGreaterThan(0);
    const template = await post(admin, `${API}/plantillas`, {
      name: TEMPLATE,
      work_package: `Obra gruesa e2e ${RUN}`,
      checkpoints: CHECKPOINTS,
    });
    const reception = await post(admin, `${API}/recepciones`, {
      project_id: projectId,
      code: CODE,
      name: `Losa piso 14 torre B (${RUN})`,
      location: 'Torre B · piso 14',
      contractor: 'Constructora Andes Ltda.',
      template_id: template.id,
      planned_start: today(),
      planned_end: today(),
    });

    // A supervisor's browser, in Portuguese, watching the project's follow-ups.
    const watcher = await open('admin', { locale: 'pt-BR' });
    await watcher.goto('/verifications/seguimientos');
    await watcher.getByTestId('project-select').last().selectOption({ label: PROJECT });
    await watcher.getByTestId('follow-ups-filter-abierto').waitFor({ timeout: T });

    // The inspector on a phone.
    const phone = await open('inspector', { width: 360, height: 740 });
    await phone.goto(`/verifications/recepcion/${reception.id}`);
    await phone.getByTestId('reception-start').click({ timeout: T });
    await card(phone, CHECKPOINTS[0].title).waitFor({ timeout: T });
    await shot(phone, '1-checklist-360');

    const first = card(phone, CHECKPOINTS[0].title);
    await first.getByTestId('answer-cumple').click();
    await saved(first).toMatch(/Guardado/);
    const photo = await phone.screenshot();
    await first
      .getByTestId('checkpoint-camera')
      .setInputFiles({ name: 'enfierradura.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => first.getByTestId('checkpoint-photos').locator('img').count(), { timeout: T }).toBe(1);

    const second = card(phone, CHECKPOINTS[1].title);
    await second.getByTestId('answer-no_cumple').click();
    await second.getByTestId('checkpoint-due-on').waitFor();
    await second.getByTestId('checkpoint-note').fill(FAILURE);
    await second.getByTestId('checkpoint-note').blur();
    await saved(second).toMatch(/Guardado/);

    const third = card(phone, CHECKPOINTS[2].title);
    await third.getByTestId('answer-no_aplica').click();
    await saved(third).toMatch(/Guardado/);
    await expect.poll(() => phone.getByTestId('checklist-progress').innerText()).toContain('3 de 3');
    await shot(phone, '2-answered-360');

    await phone.getByTestId('reception-sign').click();
    const dialog = phone.getByTestId('sign-reception-dialog');
    await dialog.getByTestId('sign-contractor-signer').fill('Pedro Soto Ramírez');
    await dialog.getByTestId('sign-observations').fill('Se repone la inspección del punto observado en 5 días.');
    await sign(phone, 'sign-inspector-pad');
    await sign(phone, 'sign-contractor-pad');
    await shot(phone, '3-sign-dialog-360');
    await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
    await phone.getByTestId('reception-follow-ups').waitFor({ timeout: T });
    await expect.poll(() => phone.getByTestId('reception-results').innerText()).toContain(FAILURE);
    await phone.getByTestId('signature-contractor').waitFor();
    await shot(phone, '4-observed-360');

    // Live: the follow-up reaches the Portuguese screen without a reload.
    const row = watcher.getByText(CODE).first();
    await row.waitFor({ timeout: T });
    await expect.poll(() => watcher.locator('body').innerText()).toContain('Acompanhamentos');
    await shot(watcher, '5-follow-ups-pt-BR');

    // The PDF record: read back, and drawn as an image to look at.
    const href = await phone.getByTestId('reception-pdf').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await phone.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const bytes = new Uint8Array(await res.body());
    const parser = new PDFParse({ data: bytes });
    // Lines are wrapped to the columns of the PDF's tables: the text is read as one line.
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    const pages = await parser.getScreenshot({ scale: 1.2 });
    await parser.destroy();
    pages.pages.forEach((p, i) => fs.writeFileSync(path.join(dir, `6-pdf-page-${i + 1}.png`), p.data));
    expect(text).toContain(CODE);
    expect(text).toContain(CHECKPOINTS[1].title);
    expect(text).toContain(FAILURE);
    expect(text).toContain('Pedro Soto Ramírez');
    expect(text).toMatch(/No cumple/);

    // Closing the follow-up approves the reception (once the signature's toast, over the button, has gone).
    await phone.getByTestId('api-toast').first().waitFor({ state: 'detached', timeout: T });
    await phone.getByTestId('follow-up-close').first().click();
    const close = phone.getByTestId('close-follow-up-dialog');
    await close.getByTestId('close-follow-up-note').fill('Separadores repuestos y verificados en terreno');
    await close.locator('button[type="submit"]').click();
    await expect.poll(() => phone.locator('body').innerText(), { timeout: T }).toMatch(/Aprobada/);
    await shot(phone, '7-approved-360');
  }, 300_000);
});
