import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * After-sales end to end, in Chromium against the app started with the demo seed: an agent creates a
 * ticket with failures and schedules an OI from the agenda, the owner confirms it in the portal
 * (in pt-BR), and a supervisor's board and the agent's open ticket change without a reload.
 */
const PROJECT = 'Edificio Parque Los Dominicos';
const UNIT = 'Torre A · Depto. 101-A';
const T = 60_000;

async function pinProject(page: Page): Promise<number> {
  const res = await page.request.get('/api/v2/public/api/auth/usuario');
  const user = (await res.json()).data as { proyectos: { id: number; name: string }[] };
  const id = user.proyectos.find((p) => p.name === PROJECT)!.id;
  // The project picked in the top bar lives in browser storage (docs/product.md §3 session metadata).
  await page.evaluate(
    (projectId) => localStorage.setItem('metadata', JSON.stringify({ lastRoutes: {}, projectId })),
    id,
  );
  return id;
}

const countOf = async (page: Page, state: string) =>
  Number(
    (await page.getByTestId(`board-count-${state}`).getByTestId('board-count').textContent())?.replace(/\D/g, '') || 0,
  );

describe.skipIf(!hasChromium())('postventa end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const open = async (opts: Parameters<typeof newContext>[1] = {}) => {
    const ctx = await newContext(browser, opts);
    contexts.push(ctx);
    return ctx.newPage();
  };

  it('agent creates a ticket with failures and schedules an OI; the owner confirms it; boards follow live', async () => {
    // A supervisor watches the live board of the project in a browser of their own.
    const board = await open();
    await login(board, 'supervisor');
    await board.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await pinProject(board);
    await board.goto('/warranties/dashboard/solicitudes');
    await board.getByTestId('board').waitFor({ timeout: T });
    const newBefore = await countOf(board, 'nueva');

    // The agent creates the ticket for the owner's unit.
    const agent = await open();
    await login(agent, 'agente');
    await agent.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await pinProject(agent);
    await agent.goto('/warranties/solicitud/crear');
    await agent.getByTestId('ticket-create-form').waitFor({ timeout: T });
    await agent.getByTestId('field-project').selectOption({ label: PROJECT });
    await agent.getByTestId('unit-search').fill('101-A');
    await agent.getByTestId('unit-option').filter({ hasText: UNIT }).first().click();
    const owner = agent.getByTestId('field-owner');
    if (!(await owner.inputValue())) await owner.selectOption({ index: 1 });
    await agent.getByTestId('field-origin').selectOption('CALL');
    await agent.getByTestId('field-subject').fill('Filtración bajo lavaplatos (e2e)');
    await agent.getByTestId('field-message').fill('La propietaria llamó: hay agua bajo el mueble de cocina.');
    await agent.getByTestId('ticket-save').click();
    await agent.waitForURL(/\/warranties\/solicitud\/\d+\/actividad/, { timeout: T });
    const ticketId = Number(/solicitud\/(\d+)/.exec(agent.url())![1]);
    const code = (await agent.getByTestId('ticket-code').textContent())!.trim();
    expect(await agent.getByTestId('ticket-state-tag').getAttribute('data-letter')).toBe('N');

    // The supervisor's board counted it, without a reload.
    await expect.poll(() => countOf(board, 'nueva'), { timeout: T }).toBe(newBefore + 1);

    // Two failures from the unit type's catalogue.
    await agent.getByTestId('tab-fallas').click();
    for (let i = 1; i <= 2; i++) {
      await agent.getByTestId('failure-new').click();
      const form = agent.getByTestId('failure-form');
      await form.waitFor();
      await form.getByTestId('failure-place').selectOption({ index: i });
      await form.getByTestId('failure-item').selectOption({ index: 1 });
      await form.getByTestId('failure-detail').selectOption({ index: 1 });
      await form.getByTestId('failure-save').click();
      await form.waitFor({ state: 'detached', timeout: T });
      await expect.poll(() => agent.getByTestId('failure-card').count(), { timeout: T }).toBe(i);
    }
    expect(await agent.getByTestId('failure-guarantee').first().getAttribute('data-in-force')).toBe('true');

    // The OI is created from a slot of the agenda, two weeks ahead (past the owner's 24 h limit).
    await agent.goto('/warranties/agenda');
    await agent.getByTestId('agenda-calendar').waitFor({ timeout: T });
    await agent.getByRole('button', { name: 'Siguiente' }).click();
    await agent.getByRole('button', { name: 'Siguiente' }).click();
    // Weeks start on Monday (docs/product.md §9): the third column is a Wednesday.
    expect((await agent.locator('.rbc-time-header .rbc-header').first().textContent())?.toLowerCase()).toContain('lun');
    // The events layer covers the slots; the calendar selects from the pointer's position in the day column.
    const slot = agent.locator('.rbc-time-content .rbc-day-slot').nth(2).locator('.rbc-timeslot-group').nth(10);
    await slot.scrollIntoViewIfNeeded();
    const box = (await slot.boundingBox())!;
    await agent.mouse.click(box.x + box.width / 2, box.y + 3);
    const dialog = agent.getByTestId('new-visit-dialog');
    await dialog.waitFor({ timeout: T });
    expect(await dialog.getByTestId('slot-hour').inputValue()).toBe('10');
    await dialog.getByTestId('visit-ticket-search').fill(code);
    await dialog.getByTestId('visit-ticket').filter({ hasText: code }).click();
    await expect.poll(() => dialog.getByTestId('visit-failure').count(), { timeout: T }).toBe(2);
    await dialog.getByTestId('visit-failure').nth(0).click();
    await dialog.getByTestId('visit-failure').nth(1).click();
    await dialog.getByTestId('visit-save').click();
    await dialog.waitFor({ state: 'detached', timeout: T });
    const event = agent.getByTestId('agenda-event').filter({ hasText: 'OI-' }).filter({ hasText: '101-A' });
    await event.first().waitFor({ timeout: T });
    const orderId = Number(await event.first().getAttribute('data-order-id'));

    // The agent keeps the ticket's OI tab open: it must follow the owner's answer live.
    await agent.goto(`/warranties/solicitud/${ticketId}/oi`);
    const row = agent.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await row.waitFor({ timeout: T });
    expect(await row.getByTestId('order-state').textContent()).toBe('Agendada');

    // The owner confirms it in the portal, in Portuguese, on a phone.
    const portal = await open({ locale: 'pt-BR', width: 360, height: 760 });
    await portal.addInitScript(() => localStorage.setItem('locale', 'pt-BR'));
    await portal.goto('/portal/ingresar');
    await portal.getByLabel('Usuário').fill('propietario');
    await portal.getByLabel('Senha').fill('demo1234');
    await portal.getByRole('button', { name: 'Entrar' }).click();
    await portal.waitForURL(/\/portal\/inicio/, { timeout: T });
    const visit = portal.locator(`[data-testid="portal-visit"][data-order-id="${orderId}"]`);
    await visit.waitFor({ timeout: T });
    expect(await visit.textContent()).toContain('Visita de inspeção');
    await visit.getByTestId('portal-visit-confirm').click();
    await expect.poll(() => visit.getByTestId('portal-visit-state').textContent(), { timeout: T }).toBe('Confirmada');
    expect(await visit.getByTestId('portal-visit-confirm').count()).toBe(0);

    // The agent's open ticket shows the confirmation without a reload.
    await expect.poll(() => row.getByTestId('order-state').textContent(), { timeout: T }).toBe('Confirmada');
  }, 300_000);
});
