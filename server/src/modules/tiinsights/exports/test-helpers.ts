import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The files of a zip (name → bytes) as the `unzip` tool reads them, after its own integrity test (`unzip -t`). */
export function unzipEntries(zip: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-export-'));
  try {
    const file = path.join(dir, 'export.zip');
    fs.writeFileSync(file, zip);
    execFileSync('unzip', ['-tq', file]);
    const out = path.join(dir, 'out');
    execFileSync('unzip', ['-q', file, '-d', out]);
    return new Map(fs.readdirSync(out).map((name) => [name, fs.readFileSync(path.join(out, name))]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A CSV of table-csv.ts read back (RFC 4180): a header and the rows as objects; an unquoted empty field is null, a
 * quoted one an empty text.
 */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string | null>[] } {
  const lines: (string | null)[][] = [];
  let line: (string | null)[] = [];
  let i = 0;
  while (i < text.length) {
    let value: string | null;
    if (text[i] === '"') {
      let end = i + 1;
      value = '';
      for (;;) {
        const quote = text.indexOf('"', end);
        value += text.slice(end, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          end = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r') end++;
      value = end === i ? null : text.slice(i, end);
      i = end;
    }
    line.push(value);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      lines.push(line);
      line = [];
      i += 2;
    }
  }
  const [header, ...rows] = lines;
  return {
    header: header as string[],
    rows: rows.map((r) => Object.fromEntries(header.map((h, j) => [h as string, r[j]]))),
  };
}
