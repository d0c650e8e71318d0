import axe from 'axe-core';

/**
 * axe-core on a rendered component in jsdom: its serious and critical violations, readable in a diff.
 * Colour contrast needs layout jsdom does not have: the browser sweep (tests/e2e/support/axe.ts) checks it.
 */
export async function seriousAxeViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}
