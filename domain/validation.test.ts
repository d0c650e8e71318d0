import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as v from './validation.ts';

// Read as files: domain/ may not import locales/ (docs/architecture.md §2), yet every key a rule emits must exist.
const catalog = (lang: string) => JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8'));
const lookup = (tree: Record<string, unknown>, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );

/** One failing call per rule, so the test below walks every key the rules can answer. */
const failures = [
  v.required(''),
  v.email('x'),
  v.email('ñ@x.cl'),
  v.date('x'),
  v.dateBefore('2024-01-02', '2024-01-01'),
  v.dateBefore('2024-01-02', '2024-01-01', true),
  v.dateAfter('2024-01-01', '2024-01-02'),
  v.dateAfter('2024-01-01', '2024-01-02', true),
  v.time('x'),
  v.same('a', 'b'),
  v.rut('1-1'),
  v.rut('1-1', 'BR'),
  v.url('x'),
  v.minLength('a', 2),
  v.maxLength('abc', 2),
  v.betweenLength('a', 2, 3),
  v.minValue(0, 1),
  v.maxValue(2, 1),
  v.noDoubleSpaces('a  b'),
  v.fileSize(2, 1),
  v.oneDecimal('1,25'),
  v.maxDecimals('1,255', 2),
  v.numeric('x'),
  v.minLength({}, 1),
  v.noSpecialChars('#'),
];

describe('validation rules answer locale keys that exist in both languages (docs/product.md §5, §1 es and pt-BR)', () => {
  it.each(['es', 'pt-BR'])('%s has every key and every placeholder gets a param', (lang) => {
    const tree = catalog(lang);
    for (const error of failures) {
      expect(error, 'each sample must fail').not.toBeNull();
      const text = lookup(tree, error!.key);
      expect(typeof text, `${lang}: ${error!.key}`).toBe('string');
      for (const [, name] of (text as string).matchAll(/\{\{(\w+)\}\}/g))
        expect(error!.params, `${error!.key} {{${name}}}`).toHaveProperty(name);
    }
  });

  it.each(['es', 'pt-BR'])('%s has the RUT and document labels', (lang) => {
    expect(typeof lookup(catalog(lang), v.rutLabelKey('CL'))).toBe('string');
    expect(typeof lookup(catalog(lang), v.rutLabelKey('BR'))).toBe('string');
  });

  it('exports parseDecimal beside the rules that use it', () => expect(v.parseDecimal('1.234,5')).toBe(1234.5));
});
