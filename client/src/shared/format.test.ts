import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  it('prints times on a 24-hour clock in es and pt-BR (notifications, lists)', () => {
    const at = new Date(2030, 2, 9, 15, 5);
    const es = formatDate(at, 'es', { dateStyle: 'medium', timeStyle: 'short' });
    const pt = formatDate(at, 'pt-BR', { dateStyle: 'medium', timeStyle: 'short' });
    for (const text of [es, pt]) {
      expect(text).toContain('15:05');
      expect(text).not.toMatch(/p\. ?m\.|PM/i);
    }
    expect(formatDate(new Date(2030, 2, 9, 0, 30), 'es', { hour: '2-digit', minute: '2-digit' })).toBe('00:30');
  });
});
