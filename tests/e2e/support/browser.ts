import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.ts';

export const baseURL = () => inject('baseURL');
/** False only outside CI on a machine without Chromium (global setup printed how to install it). */
export const hasChromium = () => Boolean(inject('chromium'));

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromium')!, headless: true, args: CHROMIUM_ARGS });
}

export async function newContext(
  browser: Browser,
  opts: { locale?: string; width?: number; height?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    locale: opts.locale ?? 'es-CL',
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
}

export async function login(page: Page, username: string, password = 'demo1234') {
  await page.goto('/auth/login');
  await page
    .getByLabel(/usuario|usuário/i)
    .first()
    .fill(username);
  await page
    .getByLabel(/contraseña|senha/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /ingresar|entrar|iniciar/i }).click();
}
