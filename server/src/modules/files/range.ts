import type { ByteRange } from '../../storage/types.ts';

/**
 * Parses a Range header for one byte range (RFC 9110 §14.2). Returns undefined to send the whole
 * file (no header, several ranges, another unit) and 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.trim().startsWith('bytes=') && !header.includes(',') ? 'unsatisfiable' : undefined;
  const [, from, to] = m;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    // Suffix range: the last N bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), for accented names. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
