import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';
import { typeDesignation } from '#domain/concrete';

/**
 * Concrete's configuration end to end (docs/product.md §2 config/hormigon; client/src/modules/concrete/config), in
 * Chromium against the app started with the demo seed: the administrator adds a homologated concrete company and a
 * concrete type, saves the batch limit and the acceptance rule typed with decimal commas, tries the rule, reloads
 * and finds it all as saved; then reads the rule on a phone in Portuguese. Screenshots are left in the temp folder
 * the test prints.
 */
const T = 60_000;
const RUN = Date.now() % 100_000;
const COMPANY = `Hormigones e2e ${RUN}`;
/** A slump no seeded type has (one decimal, 0,1–24,9 cm), so the designation is new on every run. */
const SLUMP = ((RUN % 249) + 1) / 10;
const SLUMP_TEXT = String(SLUMP).replace('.', ',');
const DESIGNATION = typeDesignation({ grade: 'G45', confidence: 95, aggregate_mm: 10, slump_cm: SLUMP });

describe.skipIf(!hasChromium())('concrete configuration end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concrete-config-e2e-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    console.info(`concrete-config e2e screenshots: ${dir}`);
  });
  const open = async (opts: { locale?: string; width?: number; height?: number } = {}): Promise<Page> => {
    const ctx = await newContext(browser, opts);
    contexts.push(ctx);
    return ctx.newPage();
  };
  const signIn = async (page: Page) => {
    await login(page, 'admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  const setting = (page: Page, field: string) => page.getByTestId(`setting-${field}`).getByRole('textbox');

  it('configures a company and a type, saves the batch rule with decimal commas, and finds them after a reload', async () => {
    const page = await open();
    await signIn(page);
    await page.goto('/config/hormigon');
    await page.waitForURL(/\/config\/hormigon\/concreto$/, { timeout: T });
    await page.getByTestId('elements-section').waitFor({ timeout: T });

    await page.getByTestId('tab-empresas-y-tipos').click();
    await page.getByTestId('companies-new').click();
    const companyDialog = page.getByTestId('company-dialog');
    await companyDialog.getByTestId('company-name').fill(COMPANY);
    await companyDialog.getByText('Homologada', { exact: true }).click();
    await companyDialog.getByTestId('form-dialog-submit').click();
    await companyDialog.waitFor({ state: 'hidden', timeout: T });

    await page.getByTestId('types-new').click();
    const typeDialog = page.getByTestId('type-dialog');
    await typeDialog.getByTestId('type-grade').selectOption('G45');
    await typeDialog.getByTestId('type-confidence').selectOption('95');
    await typeDialog.getByTestId('type-aggregate').selectOption('10');
    await typeDialog.getByTestId('type-slump').getByRole('textbox').fill(SLUMP_TEXT);
    await typeDialog.getByTestId('type-description').fill('Pilares de la torre e2e');
    expect(await typeDialog.getByTestId('type-preview').textContent()).toContain(DESIGNATION);
    await typeDialog.getByTestId('form-dialog-submit').click();
    await typeDialog.waitFor({ state: 'hidden', timeout: T });

    await page.getByTestId('tab-lotes').click();
    await setting(page, 'batch_m3_max').fill('97,5');
    await setting(page, 'batch_days_max').fill('10');
    await setting(page, 'acceptance_consecutive').fill('4');
    await setting(page, 'single_margin_mpa').fill('4,5');
    await setting(page, 'single_margin_mpa').blur();
    expect(await page.getByTestId('rule-summary').textContent()).toContain('Sin guardar');
    await page.getByTestId('batches-save').click();
    await page
      .getByTestId('batches-saved-at')
      .getByText(/^Guardada el/)
      .waitFor({ timeout: T });

    // The rule saved, tried on a G45 batch whose third result is 5 MPa short: more than the 4,5 MPa allowed.
    await page.getByTestId('try-grade').selectOption('G45');
    await page.getByTestId('try-results').fill('47,5; 46 40 48');
    expect(await page.getByTestId('try-verdict').getAttribute('data-conforming')).toBe('false');
    expect(await page.getByTestId('try-why').textContent()).toBe(
      'Resultado 3: 40 MPa, más de 4,5 MPa bajo la resistencia especificada (mínimo 40,5 MPa).',
    );
    await shot(page, 'lotes-es');

    await page.reload();
    await page.getByTestId('rule-sentence').waitFor({ timeout: T });
    expect(await setting(page, 'batch_m3_max').inputValue()).toBe('97,5');
    expect(await setting(page, 'batch_days_max').inputValue()).toBe('10');
    expect(await page.getByTestId('rule-sentence').textContent()).toBe(
      'Cada 4 resultados consecutivos a 28 días deben promediar al menos la resistencia especificada, y ningún ' +
        'resultado puede quedar más de 4,5 MPa bajo ella.',
    );
    expect(await page.getByTestId('batch-sentence').textContent()).toContain(
      'hasta sumar 97,5 m³ o hasta cumplirse 10 días',
    );

    await page.getByTestId('tab-empresas-y-tipos').click();
    const company = page.getByTestId('companies-list').locator('li', { hasText: COMPANY });
    await company.waitFor({ timeout: T });
    expect(await company.textContent()).toContain('Homologada');
    const type = page.getByTestId('types-list').locator('li', { hasText: DESIGNATION });
    expect(await type.textContent()).toContain('45 MPa');
    expect(await type.textContent()).toContain('Pilares de la torre e2e');
    await shot(page, 'empresas-y-tipos-es');

    // The same rule on a phone, in Portuguese.
    const phone = await open({ locale: 'pt-BR', width: 360, height: 780 });
    await signIn(phone);
    await phone.evaluate(() => localStorage.setItem('locale', 'pt-BR'));
    await phone.goto('/config/hormigon/lotes');
    await phone.getByTestId('rule-sentence').waitFor({ timeout: T });
    expect(await phone.getByTestId('rule-sentence').textContent()).toBe(
      'Cada 4 resultados consecutivos aos 28 dias devem ter média de pelo menos a resistência especificada, e ' +
        'nenhum resultado pode ficar mais de 4,5 MPa abaixo dela.',
    );
    await shot(phone, 'lotes-pt');
  });
});
