import { vi } from 'vitest';

/** Test helper: a fetch stub that records calls and answers from a route function. */
export type RecordedCall = { url: string; method: string; headers: Record<string, string>; body: unknown };
export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };

export function mockFetch(answer: (call: RecordedCall) => MockAnswer | Promise<MockAnswer> = () => ({ body: {} })) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
    const call: RecordedCall = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const a = await answer(call);
    const status = a.status ?? 200;
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, last: () => calls[calls.length - 1] };
}
