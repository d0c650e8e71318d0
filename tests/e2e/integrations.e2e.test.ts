import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsSettled, seriousViolations } from './support/axe.ts';
import { hasChromium, launch, login, newContext } from './support/browser.ts';

/**
 * Integrations end to end (docs/product.md §2 config/integraciones, §4 requests, §3 Webhook application), in Chromium
 * against the app started with the demo seed: the administrator asks the provider for the billing module from the
 * index page and sees it requested, then creates a webhook application whose signing secret is shown once.
 */
const T = 60_000;
const APP = `ERP e2e ${Date.now() % 100_000}`;

describe.skipIf(!hasChromium())('integrations end to end', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const open = async (): Promise<Page> => {
    const ctx = await newContext(browser);
    contexts.push(ctx);
    return ctx.newPage();
  };

  it('the admin requests a module and creates a webhook application whose secret is shown once', async () => {
    const page = await open();
    await login(page, 'admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: T });

    await page.goto('/config/integraciones');
    const billing = page.getByTestId('module-billing');
    await billing.getByText('Sin solicitar').waitFor({ timeout: T });
    await page.getByTestId('request-billing').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Solicitar activación' }).click();
    await billing.getByText('Solicitado', { exact: true }).waitFor({ timeout: T });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/config/integraciones/webhooks');
    await page.getByTestId('webhook-app-new').click();
    const dialog = page.getByTestId('webhook-application-dialog');
    await dialog.getByLabel('Nombre').fill(APP);
    await dialog.getByTestId('webhook-event-ticket.created').click();
    // A public address by number: the URL is checked when saved, and nothing is sent while webhooks are off.
    await dialog.getByRole('textbox').nth(1).fill('https://93.184.215.14/hooks');
    await dialog.getByTestId('webhook-app-save').click();
    const secretDialog = page.getByTestId('webhook-secret-dialog');
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent({ timeout: T })) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await animationsSettled(secretDialog);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('webhook-secret-dialog-done').click();
    await secretDialog.waitFor({ state: 'hidden', timeout: T });
    await page.getByText(APP).waitFor({ timeout: T });
    expect(await page.content()).not.toContain(secret);
  });
});
