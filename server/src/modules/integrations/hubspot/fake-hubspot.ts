import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded request to the fake HubSpot. */
export type FakeCall = { method: string; path: string; auth: string; body: Record<string, any> };

/**
 * For tests: the HubSpot endpoints the integration calls, on 127.0.0.1, remembering every request. `failNext` holds
 * statuses answered (in order) before the normal answer; only the token `good-token-…` is accepted.
 */
export async function startFakeHubspot() {
  const calls: FakeCall[] = [];
  const failNext: number[] = [];
  const contacts = new Map<string, string>(); // e-mail → id
  let next = 100;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      const path = req.url ?? '';
      const auth = req.headers.authorization ?? '';
      calls.push({ method: req.method ?? '', path, auth, body });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const failure = failNext.shift();
      if (failure) return send(failure, { status: 'error', message: `fake ${failure}` });
      if (!auth.startsWith('Bearer good-token-')) return send(401, { status: 'error', message: 'Authentication' });
      if (req.method === 'GET' && path.startsWith('/crm/v3/pipelines/tickets/'))
        return path.endsWith('/missing')
          ? send(404, { message: 'not found' })
          : send(200, { id: path.split('/').pop() });
      if (req.method === 'POST' && path === '/crm/v3/objects/tickets') return send(201, { id: `${next++}` });
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts/search') {
        const id = contacts.get(body.filterGroups?.[0]?.filters?.[0]?.value);
        return send(200, { total: id ? 1 : 0, results: id ? [{ id }] : [] });
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts') {
        const id = `${next++}`;
        contacts.set(body.properties.email, id);
        return send(201, { id });
      }
      if (req.method === 'PATCH' || req.method === 'PUT') return send(200, { id: path.split('/').pop() });
      send(404, { message: 'no such endpoint' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext,
    contacts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
