import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
const journal = JSON.parse(readFileSync(`${dir}meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};

describe('the migrations journal', () => {
  it('dates every migration after the one before it: the migrator skips one dated before the last applied', () => {
    const out = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when).map((e) => e.tag);
    expect(out).toEqual([]);
  });

  it('names each entry after an SQL file, in ascending order, every file listed', () => {
    const tags = journal.entries.map((e) => e.tag);
    expect(tags).toEqual([...tags].sort());
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4))
      .sort();
    expect(files).toEqual(tags);
  });
});
