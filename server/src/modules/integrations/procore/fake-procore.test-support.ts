import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake Procore received. */
export type ProcoreCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: any;
};

/**
 * A Procore stand-in on 127.0.0.1 (tests only): the OAuth token, the company's projects and observations, every call
 * recorded; `failNext` answers the next calls of a path with the given statuses.
 */
export async function startFakeProcore() {
  const calls: ProcoreCall[] = [];
  const observations = new Map<string, { id: number; status: string; project_id: string }>();
  const forced: { path: RegExp; status: number }[] = [];
  let nextId = 9000;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = raw ? JSON.parse(raw) : undefined;
      calls.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const force = forced.findIndex((f) => f.path.test(url.pathname));
      if (force >= 0) return send(forced.splice(force, 1)[0].status, { errors: 'forced' });
      if (url.pathname === '/oauth/token') {
        if (body?.client_secret !== 'secreto-de-prueba-1234') return send(401, { error: 'invalid_client' });
        return send(200, { access_token: `tok-${calls.length}`, token_type: 'bearer', expires_in: 7200 });
      }
      if (!req.headers.authorization?.startsWith('Bearer tok-')) return send(401, { error: 'unauthorized' });
      if (url.pathname === '/rest/v1.0/projects')
        return send(200, [
          { id: 111, name: 'Torre Norte (Procore)' },
          { id: 222, name: 'Torre Sur (Procore)' },
        ]);
      if (url.pathname === '/rest/v1.0/observations/items' && req.method === 'POST') {
        const item = { id: ++nextId, status: body.observation.status, project_id: url.searchParams.get('project_id')! };
        observations.set(String(item.id), item);
        return send(201, item);
      }
      const one = /^\/rest\/v1\.0\/observations\/items\/(\d+)$/.exec(url.pathname);
      const item = one && observations.get(one[1]);
      if (!item) return send(404, { errors: 'not found' });
      if (req.method === 'PATCH') item.status = body.observation.status;
      return send(200, item);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    observations,
    failNext: (path: RegExp, ...statuses: number[]) => forced.push(...statuses.map((status) => ({ path, status }))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
