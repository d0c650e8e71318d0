import { vi } from 'vitest';

/** A File with real first bytes, so the client-side sniffing sees what a browser would. */
export function pdfFile(name = 'acta.pdf', extra = 200, lastModified = 1_700_000_000_000) {
  return new File([new TextEncoder().encode('%PDF-1.7\n'), new Uint8Array(extra)], name, {
    type: 'application/pdf',
    lastModified,
  });
}
export function pngFile(name = 'foto.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
    lastModified: 1,
  });
}

export type Call = { method: string; url: string; body: unknown; init: RequestInit };

/**
 * Stubs fetch for the API calls of an upload: upload-url / pre-signed-url answer a signed target,
 * confirm answers the stored file, DELETE answers ok. `respond` may override any call.
 */
export function stubApi(respond?: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  let n = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method: init.method ?? 'GET', url, body, init };
    calls.push(call);
    const custom = respond?.(call);
    if (custom) return custom;
    const json = (data: unknown, status = 200) =>
      new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.endsWith('/files/upload-url')) {
      n += 1;
      const path = `1/2026/05/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${(body as { extension: string }).extension}`;
      return json({
        data: {
          url: `http://localhost/storage/o/${path}?X-Signature=x`,
          path,
          contentType: 'application/pdf',
          headers: { 'Content-Type': 'application/pdf' },
        },
      });
    }
    if (url.endsWith('/pre-signed-url')) {
      n += 1;
      const path = `1/2026/05/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.pdf`;
      return json({
        data: {
          action: 'http://localhost/storage/form',
          path,
          fields: { key: path, 'Content-Type': 'application/pdf', Policy: 'e30=', 'X-Signature': 'x' },
        },
      });
    }
    if (url.endsWith('/files/confirm')) {
      const path = (body as { path: string }).path;
      return json({
        data: {
          id: 1,
          path,
          name: path.split('/').pop(),
          filename: path.split('/').pop(),
          type: 'application/pdf',
          url: `/api/v2/public/files/${path}`,
          url_thumbnail: null,
        },
      });
    }
    if (call.method === 'DELETE') return json({ data: {} });
    return json({ message: 'No encontrado', errors: [] }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
