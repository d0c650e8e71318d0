/**
 * Accessibility end to end against the real app with the demo seed: axe-core finds no serious or critical violation
 * on any main page (home, solicitudes with each tab of a solicitud, agenda in each view, dashboards, fichas with each
 * tab of a ficha, config pages, the owner portal); 'Saltar al contenido' is the first tab stop of a signed-in page and
 * lands in its main content; the focus ring is 2 px of the focusRing token and is not clipped on the ticket codes; a
 * fresh load before signing in logs no console error and makes no failed request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

const API = '/api/v2/public/api';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** Waits for the page's data and for every spinner to go, so axe checks what the user reads. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.chakra-spinner'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

/** Every serious or critical violation of each page, keyed by page, so one failure names them all. */
async function sweep(page: Page, paths: string[], before?: (path: string) => Promise<void>) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    await before?.(path);
    const v = await seriousViolations(page);
    if (v.length) found[path] = v;
  }
  return found;
}

describe.skipIf(!hasChromium())('accessibility e2e', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  const open = async (opts?: Parameters<typeof newContext>[1]) => {
    await context?.close();
    context = await newContext(browser, opts);
    return context.newPage();
  };

  /** Signs in as admin and returns a ticket id, a ficha's unit id and the first project. */
  async function signedInAdmin() {
    const page = await open();
    await login(page, 'admin');
    await page.waitForURL(/\/home\//);
    const me = await (await page.request.get(`${API}/auth/sesion`)).json();
    const projectId = me.data.proyectos[0].id as number;
    const tickets = await (await page.request.get(`${API}/postventa/solicitudes?rowsPerPage=1`)).json();
    const fichas = await (await page.request.get(`${API}/entregas/proyectos/${projectId}/fichas?rowsPerPage=1`)).json();
    return { page, ticketId: tickets.data[0].id as number, unitId: fichas.data[0].id as number };
  }

  it('a fresh load before signing in logs no console error and makes no failed request (staff login and portal)', async () => {
    const page = await open();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    for (const path of ['/', '/auth/login', '/portal/ingresar', '/warranties/solicitudes']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.getByTestId('login-form').waitFor();
    expect(problems).toEqual([]);
  });

  it('"Saltar al contenido" is the first tab stop and lands in the main content; the focus ring is 2 px and unclipped', async () => {
    const { page } = await signedInAdmin();
    await page.goto('/warranties/solicitudes');
    await page.getByTestId('ticket-row').first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    expect(first).toBe('skip-to-content');
    expect(await page.getByTestId('skip-to-content').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(new URL(page.url()).hash).toBe('');
    // From there Tab walks the page's own controls only (area tabs, actions, filters, row checkboxes): the sidebar
    // and the top bar (about 30 stops before) are skipped.
    let stops = 0;
    const outside: string[] = [];
    for (; stops < 40;) {
      await page.keyboard.press('Tab');
      stops += 1;
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return {
          inMain: el.closest('main') != null,
          onCode: el.tagName === 'A' && el.closest('[data-testid="ticket-row"]') != null,
          what: `${el.tagName} ${el.textContent?.slice(0, 30)}`,
        };
      });
      if (!where.inMain) outside.push(where.what);
      if (where.onCode) break;
    }
    expect(outside).toEqual([]);
    expect(stops).toBeLessThan(30);
    const ring = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const style = getComputedStyle(link);
      const cell = link.closest('[role="cell"]') as HTMLElement;
      const [l, c] = [link.getBoundingClientRect(), cell.getBoundingClientRect()];
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      return {
        width: style.outlineWidth,
        style: style.outlineStyle,
        color: style.outlineColor,
        // The cell clips what overflows it: the ring must fit inside on every side.
        fits: l.left - reach >= c.left && l.top - reach >= c.top && l.bottom + reach <= c.bottom,
      };
    });
    expect(ring).toEqual({ width: '2px', style: 'solid', color: 'rgb(31, 100, 181)', fits: true });
  });

  it('axe-core: home, solicitudes, a solicitud with each tab, dashboards, fichas and a ficha with each tab', async () => {
    const { page, ticketId, unitId } = await signedInAdmin();
    const found = await sweep(page, [
      '/home/proyectos',
      '/home/tareas',
      '/warranties/solicitudes',
      '/warranties/solicitud/crear',
      ...['actividad', 'fallas', 'oi', 'ot', 'ac'].map((tab) => `/warranties/solicitud/${ticketId}/${tab}`),
      '/warranties/dashboard/solicitudes',
      '/warranties/dashboard/eficiencia',
      '/warranties/estadisticas',
      '/warranties/fichas',
      ...[
        'propietarios',
        'revision',
        'detalles',
        'accesorios',
        'archivos',
        'vista-previa-acta',
        'recepcion',
        'solicitudes',
        'actividad',
      ].map((tab) => `/warranties/ficha/${unitId}/${tab}`),
    ]);
    expect(found).toEqual({});
  });

  it('axe-core: the agenda in its week, month, day and list views', async () => {
    const { page } = await signedInAdmin();
    await page.goto('/warranties/agenda');
    await page.getByTestId('agenda-calendar').locator('.rbc-calendar').waitFor();
    const found: Record<string, string[]> = {};
    for (const view of ['Semana', 'Mes', 'Día', 'Agenda']) {
      await page.getByTestId('agenda-calendar').getByRole('button', { name: view, exact: true }).click();
      await settled(page);
      const v = await seriousViolations(page);
      if (v.length) found[view] = v;
    }
    expect(found).toEqual({});
  });

  it('axe-core: the configuration pages', async () => {
    const { page } = await signedInAdmin();
    const found = await sweep(page, [
      '/config/cuenta',
      '/config/notificaciones/recibidas',
      '/config/notificaciones/configuracion',
      ...['global', 'general', 'logo', 'planos', 'iframe'].map((tab) => `/config/propietarios/${tab}`),
      '/config/usuarios',
    ]);
    expect(found).toEqual({});
  });

  it('axe-core: the library (explorer as a table and as a grid, its trash, its activation page)', async () => {
    const { page } = await signedInAdmin();
    const found = await sweep(page, ['/cbox/folders', '/cbox/folders?vista=papelera', '/cbox/activation']);
    await page.goto('/cbox/folders');
    await settled(page);
    await page.getByTestId('cbox-view-grid').click();
    const grid = await seriousViolations(page);
    if (grid.length) found['/cbox/folders (grid)'] = grid;
    expect(found).toEqual({});
  });

  it('axe-core: the owner portal (sign-in, home, a ticket, a new ticket) on a phone', async () => {
    const page = await open({ width: 390, height: 800 });
    const found: Record<string, string[]> = {};
    await page.goto('/portal/ingresar');
    await settled(page);
    found['/portal/ingresar'] = await seriousViolations(page);
    await page
      .getByLabel(/usuario/i)
      .first()
      .fill('propietario');
    await page
      .getByLabel(/contraseña/i)
      .first()
      .fill('demo1234');
    await page.getByRole('button', { name: /ingresar/i }).click();
    await page.waitForURL(/\/portal\/inicio/);
    const units = await (await page.request.get(`${API}/postventa/portal/unidades`)).json();
    const created = await page.request.post(`${API}/postventa/portal/solicitudes`, {
      headers: HEADERS,
      data: {
        unit_id: units.data[0].id,
        subject: 'Filtración en baño',
        message: 'Gotea bajo el lavamanos',
        attachments: [],
      },
    });
    expect(created.status()).toBe(201);
    const ticketId = (await created.json()).data.id as number;
    Object.assign(
      found,
      await sweep(page, ['/portal/inicio', `/portal/solicitud/${ticketId}`, '/portal/solicitud/nueva']),
    );
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });
});
