import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import es from '#locales/es.json';
import ptBR from '#locales/pt-BR.json';

/**
 * Every UI string comes from locales/es.json and locales/pt-BR.json (docs/architecture.md §6). This scans
 * client/src with the TypeScript parser (not regexes, so comments and strings do not confuse it).
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' && dir === root ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

function flatten(obj: unknown, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.add(key);
  }
  return out;
}

const catalogues = { es: flatten(es), 'pt-BR': flatten(ptBR) };
/** A key exists as itself or as i18next plural forms (key_one, key_other…). */
const has = (keys: Set<string>, key: string) => keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);

const KEY_PROPERTY = /(?:title|label|message|description|text|placeholder)Key$/;
/** Attributes whose literal value is read by people (screen readers included). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-description']);
const hasLetters = (s: string) => /\p{L}/u.test(s);
/** Language-neutral values people read but nobody translates: an example URL ('https://www.inmobiliaria.cl'). */
const isNeutral = (s: string) => /^https?:\/\/\S+$/.test(s.trim());

type Finding = { file: string; line: number; text: string };

function scan(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const keys: Finding[] = [];
  const literals: Finding[] = [];
  const at = (node: ts.Node, t: string): Finding => ({
    file: path.relative(root, file),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text: t,
  });
  const stringsOf = (node: ts.Node | undefined): ts.StringLiteralLike[] => {
    if (!node) return [];
    if (ts.isStringLiteralLike(node)) return [node];
    if (ts.isConditionalExpression(node)) return [...stringsOf(node.whenTrue), ...stringsOf(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return stringsOf(node.expression);
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT =
        (ts.isIdentifier(callee) && callee.text === 't') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
      if (isT) stringsOf(node.arguments[0]).forEach((s) => keys.push(at(s, s.text)));
    }
    if (ts.isPropertyAssignment(node) && KEY_PROPERTY.test(node.name.getText(source)))
      stringsOf(node.initializer).forEach((s) => keys.push(at(s, s.text)));
    if (ts.isJsxText(node) && hasLetters(node.text)) literals.push(at(node, node.text.trim()));
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer) &&
            node.initializer.expression &&
            ts.isStringLiteralLike(node.initializer.expression)
          ? node.initializer.expression
          : undefined;
      if (value && hasLetters(value.text) && !isNeutral(value.text))
        literals.push(at(node, `${node.name.getText(source)}="${value.text}"`));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { keys, literals };
}

const files = sourceFiles(root);
const results = files.map(scan);

describe('locale catalogues (docs/architecture.md §6)', () => {
  it('scans the client sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(results.flatMap((r) => r.keys).length).toBeGreaterThan(100);
  });

  it('has every key used through t(…) in both es and pt-BR', () => {
    const missing = results
      .flatMap((r) => r.keys)
      .flatMap((k) =>
        (Object.entries(catalogues) as [string, Set<string>][])
          .filter(([, keys]) => !has(keys, k.text))
          .map(([lang]) => `${lang}: ${k.text} (${k.file}:${k.line})`),
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('keeps the same key set in both files (plural forms aside: pt-BR has its own _zero)', () => {
    const ptZero = (k: string) =>
      k.endsWith('_zero') && catalogues['pt-BR'].has(`${k.slice(0, -'_zero'.length)}_other`);
    expect([...catalogues.es].filter((k) => !catalogues['pt-BR'].has(k))).toEqual([]);
    expect([...catalogues['pt-BR']].filter((k) => !catalogues.es.has(k) && !ptZero(k))).toEqual([]);
  });

  it('says "0 projetos" in pt-BR: every singular form has a _zero (CLDR files 0 under "one" for pt)', () => {
    const ones = [...catalogues['pt-BR']].filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -'_one'.length));
    expect(ones.filter((base) => !catalogues['pt-BR'].has(`${base}_zero`))).toEqual([]);
  });

  it('has no literal UI text in JSX (only symbols and numbers may be written inline)', () => {
    const found = results.flatMap((r) => r.literals).map((l) => `${l.file}:${l.line} ${l.text}`);
    expect(found).toEqual([]);
  });
});
