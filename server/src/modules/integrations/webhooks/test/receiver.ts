import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedWebhook = { id: string; body: string; payload: { type: string; data: Record<string, unknown> } };

/**
 * A webhook receiver on 127.0.0.1 for tests: it verifies every request's signature with standardwebhooks (the way
 * docs/api.md tells receivers to), dedupes by webhook-id, and answers what `reply` says. `down()` closes the port
 * (connection refused) and `up()` opens the same port again.
 */
export async function startReceiver(secretOf: () => string) {
  const seen = new Map<string, ReceivedWebhook>();
  let requests = 0;
  let duplicates = 0;
  let badSignatures = 0;
  let reply: (r: ReceivedWebhook) => { status: number; body: string } = () => ({ status: 200, body: '{"ok":true}' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      try {
        new Webhook(secretOf()).verify(body, headers);
      } catch {
        badSignatures++;
        res.writeHead(400).end('{"error":"bad signature"}');
        return;
      }
      const received = { id: headers['webhook-id'], body, payload: JSON.parse(body) };
      const answer = reply(received);
      if (answer.status >= 200 && answer.status < 300) {
        if (seen.has(received.id)) duplicates++;
        else seen.set(received.id, received);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    seen,
    get requests() {
      return requests;
    },
    get duplicates() {
      return duplicates;
    },
    get badSignatures() {
      return badSignatures;
    },
    answer(fn: typeof reply) {
      reply = fn;
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls `check` until it holds (or fails after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, stepMs = 50) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
