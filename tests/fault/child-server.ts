import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type ChildServer = {
  origin: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** JSON log lines the child wrote, parsed. */
  logs: Record<string, unknown>[];
  alive(): boolean;
  stop(): Promise<number | null>;
};

/**
 * The real server in its own process (`node --import tsx <entry>`), on loopback with a fresh
 * DATA_DIR, free HTTP and MQTT ports and the embedded database and broker: whatever the parent's
 * environment points at (PostgreSQL, an external broker, Redis, S3) is left out.
 */
export async function startChildServer(
  entry: string,
  opts: { env?: Record<string, string>; startedLog?: string; bootMs?: number } = {},
): Promise<ChildServer> {
  const bootMs = opts.bootMs ?? 90_000;
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-survival-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|MQTT_URL|REDIS_URL|S3_|SMTP_URL|NODE_OPTIONS|VITEST)/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout!.on('data', (d: Buffer) => {
    pending += d.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines)
      if (line.startsWith('{')) {
        try {
          logs.push(JSON.parse(line));
        } catch {
          /* not a log line */
        }
      }
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;

  const end = Date.now() + bootMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting (${child.exitCode}): ${stderr}`);
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after ${bootMs} ms: ${stderr}`);
    }
    // The entry's own "started" line, when it writes one (main() listens before realtime is up).
    const started = !opts.startedLog || logs.some((l) => l.msg === opts.startedLog);
    if (
      started &&
      (await fetch(`${origin}/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    origin,
    port,
    dataDir,
    child,
    logs,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A raw TCP connection: write bytes as you like, read everything the server says, know when it closed. */
export function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (d: Buffer) => {
    received += d.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    connected,
    /** Milliseconds from connect to close, once the server (or we) closed it. */
    closed,
    get received() {
      return received;
    },
    write: (data: string | Buffer) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) resolve();
        else socket.write(data, () => resolve());
      }),
    /** Writes one piece every `gapMs` while the socket is open, up to `count` pieces. */
    async trickle(piece: string, gapMs: number, count: number) {
      for (let i = 0; i < count && !socket.destroyed; i++) {
        socket.write(piece);
        await new Promise((r) => setTimeout(r, gapMs));
      }
    },
  };
}
