#!/usr/bin/env node
// Merges a fragment {"es": {...}, "pt-BR": {...}} into locales/es.json and locales/pt-BR.json.
// Several people (and helpers) add keys at once: a lock directory serialises the read-modify-write.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const fragmentPath = process.argv[2];
if (!fragmentPath) {
  console.error('usage: node scripts/locales-merge.mjs fragment.json');
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(fragmentPath, 'utf8'));
const lock = path.join(root, 'locales', '.lock');
const deadline = Date.now() + 10_000;
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) {
      console.error('locales lock busy');
      process.exit(1);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      target[k] = merge(target[k] && typeof target[k] === 'object' ? target[k] : {}, v);
    else target[k] = v;
  }
  return target;
}
try {
  for (const lang of ['es', 'pt-BR']) {
    if (!fragment[lang]) continue;
    const file = path.join(root, 'locales', `${lang}.json`);
    const current = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file + '.tmp', JSON.stringify(merge(current, fragment[lang]), null, 2) + '\n');
    fs.renameSync(file + '.tmp', file);
  }
} finally {
  fs.rmdirSync(lock);
}
console.log('merged', fragmentPath);
