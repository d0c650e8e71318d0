import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';

export type Body = { stream: Readable; incoming?: IncomingMessage };

/**
 * The request body as a Node stream. Under @hono/node-server that is the IncomingMessage itself
 * (no Web Streams round trip for hundreds of megabytes); elsewhere (app.request in tests) the
 * Request's body.
 */
export function bodyOf(c: Context<AppEnv>): Body {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.pipe === 'function' && !incoming.readableDidRead)
    return { stream: incoming, incoming };
  return { stream: c.req.raw.body ? Readable.fromWeb(c.req.raw.body as never) : Readable.from([]) };
}

/** How much of a refused upload's remaining body is read and thrown away before answering. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * When an upload is refused before its body was read to the end, the rest is read and thrown
 * away before we answer (at most DRAIN_BYTES or DRAIN_MS): a connection closed with the client's
 * bytes still unread is reset, and the client loses our answer with it. A body that goes on past
 * that gets the answer with Connection: close, and Node closes the connection once it is written.
 */
export async function drainBeforeAnswer(c: Context<AppEnv>, body: Body): Promise<void> {
  const incoming = body.incoming;
  if (!incoming || incoming.readableEnded || incoming.destroyed) return;
  const ended = await new Promise<boolean>((resolve) => {
    let drained = 0;
    const done = (value: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(incoming.readableEnded);
    const timer = setTimeout(() => done(false), DRAIN_MS);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    incoming.resume();
  });
  // Still flowing with no listener: whatever else arrives is discarded until the connection closes.
  if (!ended) c.header('Connection', 'close');
}
