import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { staticClient } from './static.ts';

/** The built client as served: precompressed assets, long-lived caching, SPA fallback. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-static-'));
const script = 'console.log("hola");'.repeat(200);
fs.mkdirSync(path.join(dir, 'assets'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dir, 'assets/plain-abc123.js'), 'export {};');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const app = staticClient(dir);
const get = (p: string, acceptEncoding?: string) =>
  app.request(p, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('static client', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(await bytes(br)).toString()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBe(fs.statSync(path.join(dir, 'assets/app-abc123.js.gz')).size);
    expect(zlib.gunzipSync(await bytes(gz)).toString()).toBe(script);
  });

  it('sends the file itself when the browser accepts no encoding or no copy exists', async () => {
    const raw = await get('/assets/app-abc123.js');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect((await bytes(raw)).toString()).toBe(script);
    const small = await get('/assets/plain-abc123.js', 'gzip, br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export {};');
  });

  it('caches hashed assets for a year and answers other paths with index.html, not cached', async () => {
    expect((await get('/assets/app-abc123.js', 'gzip')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await get('/warranties/solicitudes');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
  });
});
