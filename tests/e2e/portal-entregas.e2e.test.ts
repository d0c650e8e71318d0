import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * The owner's delivery appointment in the portal (docs/product.md §4 delivery schedule), on a phone: the
 * owner rejects the date with a reason; staff propose another and later deliver the unit, and the owner's
 * open home follows both without a reload.
 */
const API = '/api/v2/public/api';
const T = 60_000;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(`${API}/${path}`, { method, data, headers: XHR });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data;
}
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(14, 0, 0, 0);
  return d.toISOString();
};

describe.skipIf(!hasChromium())('portal: the delivery appointment', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the owner rejects with a reason; a new date and the delivery reach the open portal live', async () => {
    const portal = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await portal.goto('/portal/ingresar');
    await portal.getByLabel('Usuario').fill('propietario');
    await portal.getByLabel('Contraseña').fill('demo1234');
    await portal.getByRole('button', { name: 'Ingresar' }).click();
    await portal.waitForURL(/\/portal\/inicio/, { timeout: T });
    const [own] = await api(portal, 'GET', 'postventa/portal/unidades');

    // Staff give the owner a unit still to deliver and schedule it.
    const staff = await (await newContext(browser)).newPage();
    await login(staff, 'supervisor');
    await staff.waitForURL(/\/home/, { timeout: T });
    const [me] = (await api(staff, 'GET', `entregas/fichas/${own.id}/propietarios`)).filter(
      (o: { has_account: boolean }) => o.has_account,
    );
    const rows = await api(
      staff,
      'GET',
      `entregas/proyectos/${own.project.id}/fichas?state=por_entregar&rowsPerPage=200`,
    );
    const unit = rows.find((r: { owners: unknown[]; schedule: unknown }) => !r.owners.length && !r.schedule);
    await api(staff, 'POST', `entregas/fichas/${unit.id}/propietarios`, {
      owner_id: me.id,
      name: me.name,
      last_name: me.last_name,
      role: 'propietario',
    });
    await api(staff, 'POST', `entregas/fichas/${unit.id}/agendar`, { start_at: inDays(6) });

    await portal.reload();
    const card = portal.getByTestId('portal-delivery').filter({ hasText: unit.unit });
    await card.waitFor({ timeout: T });
    expect(await card.getByTestId('portal-delivery-state').textContent()).toBe('Por confirmar');
    await card.getByTestId('portal-delivery-reject').click();
    await card.getByRole('textbox').fill('Estaré de viaje esa semana');
    await card.getByTestId('portal-delivery-reject-send').click();
    await expect.poll(() => card.getByTestId('portal-delivery-state').textContent(), { timeout: T }).toBe('Rechazada');
    expect((await api(staff, 'GET', `entregas/fichas/${unit.id}`)).schedule.owner_decision_reason).toBe(
      'Estaré de viaje esa semana',
    );

    // A new date asks again, live; delivering the unit settles the appointment and its card goes.
    await api(staff, 'POST', `entregas/fichas/${unit.id}/agendar`, { start_at: inDays(8) });
    await expect
      .poll(() => card.getByTestId('portal-delivery-state').textContent(), { timeout: T })
      .toBe('Por confirmar');
    await api(staff, 'POST', `entregas/fichas/${unit.id}/entregar`, {
      delivery_date: inDays(8).slice(0, 10),
      attendees: [{ owner_id: me.id, role: 'propietario' }],
    });
    await expect.poll(() => card.count(), { timeout: T }).toBe(0);
  }, 300_000);
});
