import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * Key paths of locales/es.json that the first screens (login, home, the shell and its top-bar
 * slots) use: a top-level key, or a dotted path inside one ('notifications.bell': the bell, not the
 * catalogue of event texts the server renders). The bundle carries only these; the rest of the
 * Spanish catalogue is the `?rest` chunk, loaded before any other page renders (client/src/shared/i18n.ts,
 * lazy-page.tsx). It keeps the first load small as every module adds its strings (docs/architecture.md §6).
 */
export const FIRST_LOAD_PREFIXES = [
  'common',
  'errors',
  'auth',
  'validation',
  'labels',
  'app',
  'auth_ui',
  'home',
  'routes',
  'realtime',
  'notifications.bell',
  'notifications.received',
];

type Catalogue = { [key: string]: string | Catalogue };

/** Splits a catalogue into the given key paths and everything else (both keep the nesting). */
export function splitCatalogue(all: Catalogue, paths: string[]): { core: Catalogue; rest: Catalogue } {
  const core: Catalogue = {};
  const rest: Catalogue = {};
  for (const [key, value] of Object.entries(all)) {
    const inner = paths.filter((p) => p.startsWith(`${key}.`)).map((p) => p.slice(key.length + 1));
    if (paths.includes(key)) core[key] = value;
    else if (inner.length && typeof value === 'object') {
      const split = splitCatalogue(value, inner);
      if (Object.keys(split.core).length) core[key] = split.core;
      if (Object.keys(split.rest).length) rest[key] = split.rest;
    } else rest[key] = value;
  }
  return { core, rest };
}

/** Serves `#locales/es.json` as its first-load part, and `#locales/es.json?rest` as the rest. */
export function splitSpanishCatalogue(): Plugin {
  return {
    name: 'split-es-catalogue',
    enforce: 'pre',
    async load(id) {
      const [file, query = ''] = id.split('?', 2);
      if (!file.replaceAll('\\', '/').endsWith('/locales/es.json')) return null;
      const params = [...new URLSearchParams(query).keys()];
      if (params.some((p) => p !== 'rest' && p !== 'import')) return null; // ?raw, ?url…: not ours
      const { core, rest } = splitCatalogue(JSON.parse(await readFile(file, 'utf8')) as Catalogue, FIRST_LOAD_PREFIXES);
      const part = params.includes('rest') ? rest : core;
      // JSON.parse of a string literal is faster for engines than a large object literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, moduleType: 'js' };
    },
  };
}
