import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicTarget, isAllowedAddress, outboundRequest, OutboundError } from './outbound.ts';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
    if (req.url === '/big') return void res.end('x'.repeat(10_000));
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ got: body })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof OutboundError ? e.reason : String(e)),
  );

describe('outbound requests', () => {
  it('tells public addresses from loopback, private, link-local, metadata and mapped ones', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isAllowedAddress(a, [])).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1']) {
      expect(isAllowedAddress(a, [])).toBe(false);
    }
    for (const a of ['fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1'])
      expect(isAllowedAddress(a, [])).toBe(false);
    expect(isAllowedAddress('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAllowedAddress('10.9.8.7', ['10.0.0.0/8'])).toBe(true);
  });

  it('refuses when saved: not http(s), credentials, loopback by name or number', async () => {
    expect(await reasonOf(assertPublicTarget('ftp://example.com/x', []))).toBe('invalid_url');
    expect(await reasonOf(assertPublicTarget('https://u:p@example.com/', []))).toBe('invalid_url');
    expect(await reasonOf(assertPublicTarget('not a url', []))).toBe('invalid_url');
    expect(await reasonOf(assertPublicTarget('http://localhost:9/', []))).toBe('refused_target');
    expect(await reasonOf(assertPublicTarget('http://[::1]/', []))).toBe('refused_target');
    expect(await reasonOf(assertPublicTarget('http://169.254.169.254/latest/meta-data', []))).toBe('refused_target');
    expect(await reasonOf(assertPublicTarget('http://2130706433/', []))).toBe('refused_target');
    expect(await reasonOf(assertPublicTarget(`${base}/`, ['127.0.0.1']))).toBe('ok');
  });

  it('refuses again when connecting, unless allowed', async () => {
    expect(await reasonOf(outboundRequest({ url: `${base}/`, allow: [] }))).toBe('refused_target');
    const answer = await outboundRequest({ url: `${base}/`, body: 'hola', allow: ['127.0.0.1'] });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ got: 'hola' });
  });

  it('keeps its deadline and caps the answer', async () => {
    expect(await reasonOf(outboundRequest({ url: `${base}/slow`, timeoutMs: 200, allow: ['127.0.0.1'] }))).toBe(
      'timeout',
    );
    const big = await outboundRequest({
      url: `${base}/big`,
      method: 'GET',
      maxResponseBytes: 100,
      allow: ['127.0.0.1'],
    });
    expect(big.body.length).toBe(100);
    expect(big.truncated).toBe(true);
  });
});
