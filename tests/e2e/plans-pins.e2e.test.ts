import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launch, login, newContext } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';

/**
 * A failure pinned on the unit type's plan (docs/product.md#defects-on-plans), on a phone: the owner
 * taps the plan in the portal, the numbered pin appears, survives a reload, and the agent sees it on
 * the ticket's plan.
 */
const API = '/api/v2/public/api';
const T = 60_000;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 390, height: 844 };

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`${API}/${path}`, { method, data, headers: XHR });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data;
}

/** A floor plan drawn as a PNG: walls and a door, 800 × 500. */
const planPng = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="500"><rect x="20" y="20" width="760" height="460" fill="none" stroke="black" stroke-width="8"/><line x1="400" y1="20" x2="400" y2="300" stroke="black" stroke-width="6"/><line x1="20" y1="260" x2="300" y2="260" stroke="black" stroke-width="6"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** Uploads the plan as the browser's uploader does and attaches it to the unit type (config planos). */
async function uploadPlan(staff: Page, projectId: number, unitTypeId: number) {
  const bytes = await planPng();
  const signed = await api(staff, 'POST', 'files/upload-url', {
    extension: 'png',
    name: 'planta-e2e.png',
    size: bytes.length,
    contentType: 'image/png',
  });
  const put = await staff.request.fetch(signed.url, {
    method: 'PUT',
    data: bytes,
    headers: { 'Content-Type': signed.contentType, ...(signed.headers ?? {}), ...XHR },
  });
  expect(put.status(), await put.text()).toBeLessThan(300);
  await api(staff, 'POST', `entregas/proyectos/${projectId}/configuracion/planos`, {
    unit_type_id: unitTypeId,
    paths: [signed.path],
  });
}

describe.skipIf(!hasChromium())('plans: a failure pinned on the plan', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the owner taps the plan on a phone; the numbered pin stays after a reload and the agent sees it', async () => {
    const portal = await (await newContext(browser, PHONE)).newPage();
    await portal.goto('/portal/ingresar');
    await portal.getByLabel('Usuario').fill('propietario');
    await portal.getByLabel('Contraseña').fill('demo1234');
    await portal.getByRole('button', { name: 'Ingresar' }).click();
    await portal.waitForURL(/\/portal\/inicio/, { timeout: T });
    const [own] = await api(portal, 'GET', 'postventa/portal/unidades');

    // Staff open a ticket with one failure on the owner's unit and upload its type's plan.
    const staff = await (await newContext(browser, { width: 412, height: 915 })).newPage();
    await login(staff, 'admin');
    await staff.waitForURL(/\/home/, { timeout: T });
    const [me] = (await api(staff, 'GET', `entregas/fichas/${own.id}/propietarios`)).filter(
      (o: { has_account: boolean }) => o.has_account,
    );
    const ticket = await api(staff, 'POST', 'postventa/solicitudes', {
      unit_id: own.id,
      applicant_owner_id: me.id,
      origin: 'CALL',
      priority: 'medium',
      subject: 'Humedad en dormitorio',
      message: 'Mancha de humedad junto a la ventana del dormitorio.',
    });
    const tree = await api(staff, 'GET', `postventa/catalogo/unidad/${own.id}`);
    const failure = await api(staff, 'POST', `postventa/solicitudes/${ticket.id}/fallas`, {
      failure_type_id: tree.areas[0].places[0].items[0].failures[0].id,
      description: 'Mancha junto a la ventana',
    });
    await uploadPlan(staff, ticket.project.id, ticket.unit.unit_type.id);

    // The owner places it: choose the failure, tap the plan at 30 % across and 40 % down.
    await portal.goto(`/portal/solicitud/${ticket.id}`);
    const board = portal.getByTestId('portal-plan');
    await board.getByAltText('Plano planta-e2e.png').waitFor({ timeout: T });
    const number = (await api(portal, 'GET', `postventa/portal/solicitudes/${ticket.id}/plano`)).failures.find(
      (f: { id: number }) => f.id === failure.id,
    ).number;
    expect(await seriousViolations(portal)).toEqual([]);
    await board.getByTestId(`plan-place-${number}`).click();
    // While placing, the plan is one button (arrows and Enter from the keyboard) with nothing nested in it.
    expect(await seriousViolations(portal)).toEqual([]);
    const surface = board.getByTestId('plan-surface');
    const box = (await surface.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await surface.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
    const pin = board.getByTestId(`plan-pin-${number}`);
    await pin.waitFor({ timeout: T });
    expect(await pin.getAttribute('aria-label')).toBe(
      `Falla ${number}: ${tree.areas[0].places[0].items[0].name} · ${tree.areas[0].places[0].items[0].failures[0].name} · Mancha junto a la ventana, Pendiente`,
    );
    expect(await pin.textContent()).toBe(String(number));
    // A 44 px target, wherever it sits.
    const target = (await pin.boundingBox())!;
    expect(Math.round(target.width)).toBeGreaterThanOrEqual(44);
    const saved = (await api(portal, 'GET', `postventa/portal/solicitudes/${ticket.id}/plano`)).failures.find(
      (f: { id: number }) => f.id === failure.id,
    ).pin;
    expect(saved.x).toBeCloseTo(0.3, 1);
    expect(saved.y).toBeCloseTo(0.4, 1);

    await portal.reload();
    await portal.getByTestId('portal-plan').getByTestId(`plan-pin-${number}`).waitFor({ timeout: T });

    // The other surface: the agent's ticket shows the same numbered pin on the plan.
    await staff.goto(`/warranties/solicitud/${ticket.id}/fallas`);
    const staffPin = staff.getByTestId('ticket-plan').getByTestId(`plan-pin-${number}`);
    await staffPin.waitFor({ timeout: T });
    expect(await staffPin.getAttribute('aria-label')).toContain(`Falla ${number}:`);
    expect(await seriousViolations(staff)).toEqual([]);
  }, 300_000);
});
