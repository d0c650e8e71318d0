import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] };

/** Runs axe-core in the page and returns the serious and critical violations, readable in a diff. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP refuses an injected inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

/**
 * Waits until the element's animations are over, so colours are judged at rest (mid-fade every colour
 * reads as too faint). An animation cancelled on the way (a re-render replaces it) rejects its
 * `finished` with AbortError: that counts as over too.
 */
export async function animationsSettled(element: Locator): Promise<void> {
  await element.evaluate((el) => Promise.allSettled(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}
