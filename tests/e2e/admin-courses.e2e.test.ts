import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Courses end to end (docs/product.md §1 courses, administration audit log), in Chromium against the app started
 * with the demo seed: the administrator creates a course and assigns it to the inspector, the inspector finds it
 * in the home tasks, opens it and completes it, and the administrator's audit screen shows the assignment and the
 * completion with their changes.
 */
const T = 60_000;
const COURSE = `Trabajo en altura e2e ${Date.now() % 100_000}`;

describe.skipIf(!hasChromium())('admin courses end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const open = async () => {
    const ctx = await newContext(browser);
    contexts.push(ctx);
    return ctx.newPage();
  };
  const signIn = async (page: Page, user: string) => {
    await login(page, user);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });
  };

  it('the admin assigns a course, the user completes it from home tasks, the audit screen shows both', async () => {
    const admin = await open();
    await signIn(admin, 'admin');
    await admin.goto('/config/cursos');
    await admin.getByTestId('course-new').click();
    const dialog = admin.getByTestId('course-dialog');
    await dialog.getByTestId('course-name').fill(COURSE);
    await dialog.getByLabel('Enlace del material').fill('https://cursos.cordillera.cl/altura');
    await dialog.getByTestId('course-save').click();
    await admin.getByTestId('course-catalogue').getByText(COURSE).waitFor({ timeout: T });

    await admin.getByTestId('course-assign').click();
    const assign = admin.getByTestId('assign-dialog');
    await assign.getByTestId('assign-course').selectOption({ label: COURSE });
    await assign.getByTestId('assign-user-inspector').click();
    await assign.getByTestId('assign-save').click();
    await assign.waitFor({ state: 'hidden', timeout: T });
    const row = admin.getByTestId('course-assignments').getByRole('row').filter({ hasText: COURSE });
    await row.getByText('En curso').waitFor({ timeout: T });
    expect(await seriousViolations(admin)).toEqual([]);

    // The inspector sees it among the home tasks and follows it to their courses.
    const user = await open();
    await signIn(user, 'inspector');
    await user.goto('/home/tareas');
    const task = user.getByTestId('tasks-panel').getByRole('link', { name: COURSE });
    await task.waitFor({ timeout: T });
    await task.click();
    await user.waitForURL(/\/config\/mis-cursos$/, { timeout: T });
    const card = user.locator('[data-testid^="my-course-"]').filter({ hasText: COURSE });
    await card.getByRole('link', { name: 'Abrir enlace' }).waitFor({ timeout: T });
    expect(await seriousViolations(user)).toEqual([]);
    await card.getByTestId('my-course-complete').click();
    await card.getByText('Completado', { exact: true }).waitFor({ timeout: T });
    await user.goto('/home/tareas');
    await user.getByTestId('tasks-panel').waitFor({ timeout: T });
    await expect.poll(() => user.getByRole('link', { name: COURSE }).count(), { timeout: T }).toBe(0);

    // The administrator's audit screen holds both changes.
    await admin.goto('/config/auditoria');
    await admin.getByTestId('audit-entity').selectOption('course_assignment');
    const rows = admin.getByTestId('audit-row');
    // The completion, by the inspector: the state went from en_curso to completado.
    const completion = rows.filter({ hasText: 'Matías González Pérez' }).filter({ hasText: 'Completado' }).first();
    await completion.waitFor({ timeout: T });
    expect(await completion.getByRole('deletion').filter({ hasText: 'en_curso' }).count()).toBe(1);
    expect(await completion.getByRole('insertion').filter({ hasText: 'completado' }).count()).toBe(1);
    // The assignment, by the administrator, to the inspector.
    const assignment = rows.filter({ hasText: 'Carolina Fuentes Ortiz' }).filter({ hasText: 'Asignación' }).first();
    await assignment.waitFor({ timeout: T });
    expect(await assignment.getByRole('insertion').filter({ hasText: 'en_curso' }).count()).toBe(1);
    expect(await seriousViolations(admin)).toEqual([]);
  });
});
