// `npm start`: build the client when missing or stale, then one process serves API, client and
// realtime with embedded defaults (migrations applied and demo data seeded on an empty database).
import { ensureClientBuild } from './client-build.ts';
import { main } from '../runtime/main.ts';

ensureClientBuild();
await main();
