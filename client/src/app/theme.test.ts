import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { system } from './theme.ts';

const CLIENT_SRC = path.resolve(__dirname, '..');
const COMPONENTS = path.resolve(__dirname, '../../../node_modules/@chakra-ui/react/dist/esm/components');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every name the client imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(CLIENT_SRC)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of m[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's component folder of each exported name, and the recipe keys its files ask for. */
function componentIndex() {
  const folderOf = new Map<string, string>();
  const keysOf = new Map<string, Set<string>>();
  for (const folder of fs.readdirSync(COMPONENTS)) {
    const index = path.join(COMPONENTS, folder, 'index.js');
    if (!fs.existsSync(index)) continue;
    const text = fs.readFileSync(index, 'utf8');
    for (const m of text.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const part of m[1].split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)
          .pop()!;
        if (!folderOf.has(name)) folderOf.set(name, folder);
      }
    }
    for (const m of text.matchAll(/export \* as (\w+)/g)) if (!folderOf.has(m[1])) folderOf.set(m[1], folder);
    const keys = new Set<string>();
    for (const f of fs.readdirSync(path.join(COMPONENTS, folder))) {
      for (const m of fs.readFileSync(path.join(COMPONENTS, folder, f), 'utf8').matchAll(/key: "(\w+)"/g))
        keys.add(m[1]);
    }
    keysOf.set(folder, keys);
  }
  return { folderOf, keysOf };
}

describe('theme: only the recipes the app renders (docs/architecture.md §6, first-load weight)', () => {
  it('has the recipe of every Chakra component the client imports', () => {
    const { folderOf, keysOf } = componentIndex();
    const missing: string[] = [];
    let checked = 0;
    for (const name of importedNames()) {
      const folder = folderOf.get(name);
      if (!folder) continue; // functions and providers (createSystem, useBreakpointValue…) have no recipe
      for (const key of keysOf.get(folder) ?? []) {
        const inDefault = key in chakraRecipes ? 'recipe' : key in chakraSlotRecipes ? 'slot' : null;
        if (!inDefault) continue; // Chakra gives it no styles either (Text, Box…)
        checked += 1;
        const present = inDefault === 'recipe' ? system.isRecipe(key) : system.isSlotRecipe(key);
        if (!present) missing.push(`${name} → ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('keeps the app tokens (brand palette, system fonts)', () => {
    expect(system.token('colors.brand.600')).toBe('#1f64b5');
    expect(String(system.token('fonts.body'))).toContain('system-ui');
  });
});
