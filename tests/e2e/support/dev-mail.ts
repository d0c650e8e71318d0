import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The development mail page (/dev/mail) as an admin of the demo company reads it: the page shows
 * only its company's mail to a signed-in admin (README), so it has its own browser context, apart
 * from the user whose mail it reads.
 */
export async function openDevMail(browser: Browser, username = 'admin', password = 'demo1234') {
  const context = await newContext(browser);
  // The API request shares the context's cookie jar, so the page below is signed in.
  const signedIn = await context.request.post('/api/v2/public/api/auth/login', {
    headers: XHR,
    data: { username, password },
  });
  expect(signedIn.ok(), `sign in as ${username} to read /dev/mail`).toBe(true);
  const page: Page = await context.newPage();

  /** Id of the newest mail (0 when the company's outbox is empty); leaves the page on /dev/mail. */
  async function newestMailId(): Promise<number> {
    const res = await page.goto('/dev/mail');
    expect(res?.status(), '/dev/mail answers the admin').toBe(200);
    // Server-rendered: every article is there once goto() returns.
    const articles = page.locator('article[data-mail-id]');
    return (await articles.count()) ? Number(await articles.first().getAttribute('data-mail-id')) : 0;
  }

  /** The password-reset link of the newest mail (call after newestMailId saw it arrive). */
  async function newestResetLink(): Promise<string> {
    const link = page.locator('article[data-mail-id]').first().locator('a[href*="/auth/reset?token="]');
    expect(await link.count()).toBe(1);
    return (await link.getAttribute('href'))!;
  }

  return { page, newestMailId, newestResetLink, close: () => context.close() };
}
