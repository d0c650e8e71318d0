import path from 'node:path';
import type http from 'node:http';
import { serve } from '@hono/node-server';
import { loadConfig } from '../server/src/config.ts';
import { createDeps } from '../server/src/deps.ts';
import { createApp } from '../server/src/app.ts';
import { DEMO_PASSWORD, demoRoles } from '../server/src/db/seed-data.ts';
import { startRealtime } from './realtime.ts';
import { startPeriodicTasks } from './periodic.ts';
import { guardHttpServer, guardProcess, httpServerOptions } from '#realtime/server-guards';

/**
 * The one process of `npm start` (docs/architecture.md §3): API, web client, outbox relay and
 * consumers, MQTT broker and realtime gateway. It lives outside server/ because it wires server/
 * and realtime/ together, which neither may do (docs/architecture.md §2).
 */
export async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  const app = createApp(deps, { clientDir: path.resolve('client/dist') });
  const server = serve({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: httpServerOptions(config.http),
  }) as http.Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  guardHttpServer(server, deps.log, config.http);
  deps.log.info('listening', { url: config.publicUrl, database: deps.database.kind });
  // Socket.IO and MQTT over WebSocket (/mqtt) share the HTTP server; the relay starts publishing.
  const realtime = await startRealtime(deps, { server });
  // The modules' sweeps (response times, course deadlines, integration deliveries…), registered in server/src/modules.ts.
  const periodic = startPeriodicTasks(deps);
  // From here on nothing one request does may end the process (a failure while starting still does).
  guardProcess(deps.log);

  console.log(`\n  Postventa QA escuchando en ${config.publicUrl}\n`);
  console.log(`  Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`);
  for (const role of demoRoles) console.log(`    ${role.username.padEnd(11)} ${role.profile}`);
  console.log(`    ${'propietario'.padEnd(11)} Propietario (portal)`);
  console.log(`    ${'otra'.padEnd(11)} Otra empresa (aislamiento)\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // close() stops accepting at once and waits for open connections; a keep-alive connection
    // would hold it for its idle timeout, so each is ended as soon as its request in flight has answered.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const reaper = setInterval(() => server.closeIdleConnections(), 50);
    // Then the sockets: open WebSockets would otherwise hold server.close() until the forced exit.
    await periodic.stop();
    await realtime.stop().catch((error) => deps.log.error('realtime stop failed', { error }));
    await closed;
    // Mail and other work that answered requests started but did not wait for.
    await deps.background.idle();
    clearInterval(reaper);
    await deps.database.close();
    deps.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { server, deps, realtime };
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
