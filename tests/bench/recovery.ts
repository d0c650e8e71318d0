/**
 * `npm run bench -- recovery [--requests 20]`
 *
 * Whether POST auth/password/forgot tells who exists by its timing (docs/decisions.md, Hardening):
 * the answer's time for an existing user with an e-mail and for an unknown username, alternated,
 * on the seeded in-memory app; beside it the work the route used to await before answering
 * (requestPasswordReset), which differs by a lookup, a token and a mail. Each request's background
 * work is finished before the next one starts, outside the timing.
 */
import { performance } from 'node:perf_hooks';
import { passwordResets } from '../../server/src/db/schema/index.ts';
import { requestPasswordReset } from '../../server/src/modules/auth/service.ts';
import { translator } from '../../server/src/lib/i18n.ts';
import { createTestContext } from '../../server/src/test-support.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(2)} ms (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;

export async function run(args: string[]) {
  const i = args.indexOf('--requests');
  const n = i >= 0 ? Number(args[i + 1]) : 20;
  const ctx = await createTestContext();
  const t = translator('es');
  const answer = { existing: [] as number[], unknown: [] as number[] };
  const inline = { existing: [] as number[], unknown: [] as number[] };
  try {
    for (let k = 0; k < n + 3; k++) {
      // The per-user hourly limit would make later existing-user requests cheaper: start clean.
      await ctx.db.delete(passwordResets);
      for (const [kind, username] of [
        ['existing', 'gerente'],
        ['unknown', `nadie-${k}`],
      ] as const) {
        let started = performance.now();
        const res = await ctx.request('POST', 'auth/password/forgot', { body: { username } });
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`forgot answered ${res.status}`);
        await ctx.deps.background.idle();
        started = performance.now();
        await requestPasswordReset(ctx.deps, username, t);
        const work = performance.now() - started;
        if (k >= 3) {
          answer[kind].push(ms);
          inline[kind].push(work);
        } // the first rounds warm up
      }
    }
    console.log(`POST auth/password/forgot, ${n} requests each (PGlite in memory)`);
    console.log(`  answer, existing user:  ${fmt(answer.existing)}`);
    console.log(`  answer, unknown user:   ${fmt(answer.unknown)}`);
    console.log(`  work the route used to await, existing: ${fmt(inline.existing)}`);
    console.log(`  work the route used to await, unknown:  ${fmt(inline.unknown)}`);
  } finally {
    await ctx.close();
  }
}
