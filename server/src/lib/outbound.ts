import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Every request the server makes to an address a company typed (webhooks, CRM, construction platform) goes through
 * here: http(s) only, public addresses only unless the operator allows one (AppConfig.outboundAllow), a deadline and a
 * cap on the answer. The address is checked when it is saved (assertPublicTarget) and again when the connection is
 * made (request-filtering-agent checks the address DNS gave, so a name that later resolves to 127.0.0.1 is refused).
 */

export type OutboundFailure = 'invalid_url' | 'refused_target' | 'timeout' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export type OutboundRequest = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole exchange, connect to last byte. */
  timeoutMs?: number;
  /** Bytes of the answer kept; the rest is dropped and `truncated` set. */
  maxResponseBytes?: number;
  /** IPs or CIDRs let through although not public (AppConfig.outboundAllow). */
  allow: readonly string[];
};

export type OutboundResponse = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  durationMs: number;
};

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 15_000;
export const DEFAULT_OUTBOUND_MAX_BYTES = 1024 * 1024;

/** Not public: this host, private networks, link-local (cloud metadata), shared, reserved, multicast. */
const NOT_PUBLIC: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const notPublic = new BlockList();
for (const [net, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(net, prefix, family);

function allowList(allow: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of allow) {
    const [ip, bits] = entry.split('/');
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(bits), family);
  }
  return list;
}

/** An IPv4 address written inside IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether the server may connect to this address (a literal IP). */
export function isAllowedAddress(address: string, allow: readonly string[]): boolean {
  const a = unmapped(address);
  if (allow.length && allowList(allow).check(a.address, a.family)) return true;
  return !notPublic.check(a.address, a.family);
}

/** The URL when it is an absolute http(s) address without credentials; otherwise an OutboundError. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid_url', 'not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('invalid_url', 'not http(s)');
  if (url.username || url.password) throw new OutboundError('invalid_url', 'credentials in the URL');
  return url;
}

/**
 * Checked when a target is saved: the URL is http(s) and every address its name resolves to is public (or allowed).
 * A name that does not resolve is refused too: nothing could be delivered to it.
 */
export async function assertPublicTarget(raw: string, allow: readonly string[]): Promise<URL> {
  const url = parseTarget(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new OutboundError('refused_target', `${host} does not resolve`);
    }
  }
  if (!addresses.length || addresses.some((a) => !isAllowedAddress(a, allow))) {
    throw new OutboundError('refused_target', `${host} is not a public address`);
  }
  return url;
}

const agents = new Map<string, http.Agent>();

/** The connection-time filter for a URL (cached per protocol and allow-list, keep-alive): also for SDK clients. */
export function outboundAgent(url: string | URL, allow: readonly string[]): http.Agent {
  const secure = new URL(url).protocol === 'https:';
  const key = `${secure ? 's' : 'p'}|${allow.join(',')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, allowIPAddressList: [...allow] };
    agent = secure ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** One request to a company's target. Resolves with any HTTP status; rejects with an OutboundError. */
export function outboundRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const url = parseTarget(req.url);
  const timeoutMs = req.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const maxBytes = req.maxResponseBytes ?? DEFAULT_OUTBOUND_MAX_BYTES;
  const started = performance.now();
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: OutboundFailure, message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new OutboundError(reason, message));
    };
    const request = send(url, {
      method: req.method ?? 'POST',
      headers: {
        ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
        ...req.headers,
      },
      agent: outboundAgent(url, req.allow),
    });
    const timer = setTimeout(() => {
      fail('timeout', `no answer within ${timeoutMs} ms`);
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: Error) => {
      // request-filtering-agent refuses with a message naming the address; every other error is the network's.
      const refused = /is not allowed|DNS lookup .* is not allowed/i.test(error.message);
      fail(refused ? 'refused_target' : 'network', error.message);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          response.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('error', (error) => fail('network', error.message));
      response.on('end', finish);
      function finish() {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(response.headers)) {
          if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        }
        resolve({
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks),
          truncated,
          durationMs: Math.round(performance.now() - started),
        });
      }
    });
    request.end(req.body);
  });
}
