import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Cmanagement end to end (docs/product.md §1 Cmanagement, §2 /cmanagement and config/cmanagement, §3 Custom field),
 * in Chromium against the app started with the demo seed, as a site team would: the administrator creates a
 * category, gives it a select field with two options and a required number field, files a ticket in it (the empty
 * required field is refused in Spanish first), opens it and plans a task; the supervisor, on a phone in Portuguese,
 * watches the board and sees the ticket move to "Em andamento" when the administrator starts it from the ticket
 * page, then to "Resolvido" when the administrator drags its card on the board, all without a reload.
 */
const T = 60_000;
const RUN = Date.now() % 100_000;
const CATEGORY = `Postventa de obra e2e ${RUN}`;
const SELECT_FIELD = 'Recinto afectado';
const NUMBER_FIELD = 'Superficie afectada (m²)';
const TICKET = `Filtración en losa e2e ${RUN}`;
const TASK = 'Sellar junta de dilatación';

describe.skipIf(!hasChromium())('cmanagement end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
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

  /** Creates a custom field in the category shown, through the field dialog. */
  const addField = async (
    page: Page,
    type: string,
    name: string,
    build: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>,
  ) => {
    await page.getByTestId('field-new').click();
    const dialog = page.getByTestId('field-dialog');
    await dialog.getByTestId('field-type').selectOption(type);
    await dialog.getByTestId('field-name').fill(name);
    await build(dialog);
    await dialog.getByTestId('form-dialog-submit').click();
    await dialog.waitFor({ state: 'hidden', timeout: T });
    await page.getByTestId('fields-list').getByText(name, { exact: true }).waitFor({ timeout: T });
  };

  it('defines a category with custom fields, files a ticket with them, plans a task, and a second browser follows its state changes live', async () => {
    const page = await open();
    await signIn(page, 'admin');

    // A new category (config/cmanagement/categories).
    await page.goto('/config/cmanagement/categories');
    await page.getByTestId('category-new').click();
    const categoryDialog = page.getByTestId('category-dialog');
    await categoryDialog.getByTestId('category-name').fill(CATEGORY);
    await categoryDialog.getByTestId('form-dialog-submit').click();
    await categoryDialog.waitFor({ state: 'hidden', timeout: T });
    await page.getByTestId('categories-list').getByText(CATEGORY, { exact: true }).waitFor({ timeout: T });

    // Its custom fields (config/cmanagement, the default page): a select with two options, a required number.
    await page.goto('/config/cmanagement');
    await page.getByTestId('config-category').selectOption({ label: CATEGORY });
    await page.getByText('Esta categoría aún no tiene campos.').waitFor({ timeout: T });
    await addField(page, 'select', SELECT_FIELD, async (dialog) => {
      const option = dialog.getByLabel('Nueva opción');
      for (const name of ['Baño', 'Cocina']) {
        await option.fill(name);
        await dialog.getByRole('button', { name: 'Agregar' }).click();
        await dialog.getByText(name, { exact: true }).waitFor({ timeout: T });
      }
      expect(await dialog.getByTestId('options-counter').textContent()).toBe('2 / 50');
    });
    await addField(page, 'number', NUMBER_FIELD, async (dialog) => {
      await dialog.getByText('Obligatorio', { exact: true }).click();
    });
    expect(await page.getByTestId('fields-active-count').textContent()).toMatch(/^2 de \d+ activos$/);

    // A ticket in that category: the required number left empty is refused in Spanish, then filled.
    await page.goto('/cmanagement/tickets');
    await page.getByTestId('new-ticket').click();
    const form = page.getByTestId('create-ticket-dialog');
    const project = form.getByTestId('field-project');
    if (!(await project.inputValue())) await project.selectOption({ index: 1 });
    await form.getByTestId('field-category').selectOption({ label: CATEGORY });
    await form.getByTestId('field-title').fill(TICKET);
    const custom = form.getByTestId('custom-fields');
    await custom.getByLabel(SELECT_FIELD).selectOption({ label: 'Cocina' });
    await form.getByTestId('create-ticket-submit').click();
    const numberBox = custom.locator('[data-testid^="custom-field-box-"]').filter({ hasText: NUMBER_FIELD });
    await numberBox.getByText('Este campo es obligatorio').waitFor({ timeout: T });
    expect(await numberBox.getByRole('textbox', { name: NUMBER_FIELD }).getAttribute('aria-invalid')).toBe('true');
    await numberBox.getByRole('textbox', { name: NUMBER_FIELD }).fill('12,5');
    await form.getByTestId('create-ticket-submit').click();
    await page.waitForURL(/\/cmanagement\/tickets\/\d+/, { timeout: T });
    const ticketPath = new URL(page.url()).pathname.match(/^\/cmanagement\/tickets\/\d+/)![0];
    await page.getByTestId('ticket-title').getByText(TICKET).waitFor({ timeout: T });
    await page.getByText(`· ${CATEGORY}`).waitFor({ timeout: T });

    // The general page shows the answers as saved, passes axe, then a task is planned on its Tasks tab.
    const general = page.getByTestId('ticket-general-form').getByTestId('custom-fields');
    const savedSelect = general.getByLabel(SELECT_FIELD);
    await expect.poll(() => savedSelect.locator('option:checked').textContent(), { timeout: T }).toBe('Cocina');
    expect(await general.getByRole('textbox', { name: NUMBER_FIELD }).inputValue()).toBe('12,50');
    await page.getByTestId('ticket-actions').waitFor({ timeout: T });
    await page.getByTestId('comment-input').waitFor({ timeout: T });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Tareas' }).click();
    await page.waitForURL(`**${ticketPath}/tasks`, { timeout: T });
    await page.getByTestId('cm-task-add').click();
    const taskForm = page.getByTestId('cm-task-form');
    await taskForm.getByTestId('cm-task-name').fill(TASK);
    await taskForm.getByTestId('cm-task-save').click();
    await taskForm.waitFor({ state: 'hidden', timeout: T });
    await page.getByTestId('cm-task-line').filter({ hasText: TASK }).waitFor({ timeout: T });

    // The supervisor, on a phone in Portuguese, watches the board: the ticket is open.
    const other = await open({ locale: 'pt-BR', width: 360 });
    await signIn(other, 'supervisor');
    await other.goto(`/cmanagement/tickets?view=board&search=${encodeURIComponent(TICKET)}`);
    const card = (state: string) =>
      other.getByRole('region', { name: state, exact: true }).getByTestId('board-card').filter({ hasText: TICKET });
    await card('Aberto').waitFor({ timeout: T });
    expect(await card('Em andamento').count()).toBe(0);
    // Marks this document: a reload or a navigation would lose the mark.
    await other.evaluate((mark) => Object.assign(window, { cmE2eMark: mark }), TICKET);

    // The administrator starts it from the ticket page; the supervisor's board moves it without a reload.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByTestId('ticket-actions').getByRole('button', { name: 'Iniciar' }).click();
    await page.getByTestId('ticket-actions').getByRole('button', { name: 'Resolver' }).waitFor({ timeout: T });
    await card('Em andamento').waitFor({ timeout: T });
    expect(await card('Aberto').count()).toBe(0);

    // On the administrator's board, dragging the card from "En curso" to "Resuelto" resolves it, live for the other.
    await page.goto(`/cmanagement/tickets?view=board&search=${encodeURIComponent(TICKET)}`);
    const column = (state: string) => page.getByRole('region', { name: state, exact: true });
    const moving = column('En curso').getByTestId('board-card').filter({ hasText: TICKET });
    await moving.waitFor({ timeout: T });
    await column('Resuelto').scrollIntoViewIfNeeded();
    // Held by its padding, away from the title's link.
    const from = (await moving.boundingBox())!;
    const to = (await column('Resuelto').boundingBox())!;
    await page.mouse.move(from.x + 6, from.y + 6);
    await page.mouse.down();
    await page.mouse.move(from.x + 26, from.y + 6, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();
    await column('Resuelto').getByTestId('board-card').filter({ hasText: TICKET }).waitFor({ timeout: T });
    await card('Resolvido').waitFor({ timeout: T });
    expect(await card('Em andamento').count()).toBe(0);
    expect(await other.evaluate(() => (window as unknown as { cmE2eMark?: string }).cmE2eMark)).toBe(TICKET);
  });
});
