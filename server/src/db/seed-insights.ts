import { and, eq } from 'drizzle-orm';
import type { UsageKind } from '#domain/insights';
import type { Tx } from './client.ts';
import { companies, requestStats, usageCounts, usageUserDays, users } from './schema/index.ts';
import { countryTimezone } from '../lib/time-zones.ts';

/**
 * The demo's usage (domain/insights.ts) over the last DAYS days, so /ocinsights/usabilidad shows weeks of use: each
 * staff user of the demo company uses the app as often as their habit says — daily, most weekdays, now and then,
 * rarely — on the screens (route names of client/src/shared/route-manifest.ts) and actions (method + route
 * template, as server/src/modules/ocinsights/usage/ names them) of their work; two never signed in. Plus the request
 * statistics of the last 24 hours of both companies, the other one with a few 5xx so its health needs attention.
 * One multi-row insert per table, deterministic (no Math.random), a few thousand rows.
 */
const DAYS = 60;
const DAY_MS = 86_400_000;

type Use = { module: string; kind: UsageKind; name: string; weight: number };
const screen = (name: string, weight: number): Use => ({ module: name.split('.')[0], kind: 'screen', name, weight });
const action = (module: string, name: string, weight: number): Use => ({ module, kind: 'action', name, weight });

const WORK: Record<string, Use[]> = {
  warranties: [
    screen('warranties.solicitudes', 9),
    screen('warranties.solicitud.actividad', 7),
    screen('warranties.dashboard.solicitudes', 3),
    screen('warranties.agenda', 2),
    action('warranties', 'POST /postventa/solicitudes', 2),
    action('warranties', 'PATCH /postventa/solicitudes/:id', 3),
    action('warranties', 'POST /postventa/solicitudes/:id/mensajes', 2),
    action('warranties', 'POST /postventa/solicitudes/:id/cerrar', 1),
  ],
  deliveries: [
    screen('warranties.fichas', 5),
    screen('warranties.ficha.propietarios', 3),
    action('warranties', 'PUT /entregas/fichas/:unitId/revision', 2),
    action('warranties', 'POST /entregas/fichas/:unitId/entregar', 1),
  ],
  quality: [
    screen('quality.gantt', 4),
    screen('quality.construction-progress.list', 3),
    screen('quality.bim', 2),
    action('quality', 'PATCH /calidad/modelos/:modelId', 1),
  ],
  concrete: [
    screen('concrete.placements.list', 3),
    screen('concrete.advanceBim', 1),
    action('concrete', 'POST /hormigon/hormigonados', 1),
  ],
  verifications: [
    screen('verifications.gantt', 2),
    screen('verifications.recepcion', 2),
    action('verifications', 'PUT /verificaciones/recepciones/:receptionId/puntos/:itemId', 2),
  ],
  cbox: [screen('cbox.folders', 3), action('cbox', 'POST /biblioteca/carpetas/:folderId/archivos', 1)],
  cmanagement: [
    screen('cmanagement.tickets.list', 3),
    screen('cmanagement.ticket.general', 2),
    action('cmanagement', 'PATCH /cmanagement/tickets/:cmTicketId', 1),
  ],
  config: [
    screen('config.usuarios', 2),
    screen('config.permisos', 1),
    action('config', 'PATCH /configuracion/usuarios/:userId', 1),
  ],
  insights: [screen('ocinsights.usabilidad', 1), screen('billing', 1)],
  provider: [screen('tiinsights.empresas', 2), screen('tiinsights.empresa', 1)],
  home: [screen('home.proyectos', 4), screen('home.tareas', 2)],
};

/** How often each demo user comes (share of weekdays; weekends a fifth of it) and what they work on. */
const HABITS: Record<string, { often: number; work: (keyof typeof WORK)[]; projects: 'all' | number[] }> = {
  agente: { often: 1, work: ['home', 'warranties', 'deliveries'], projects: [0, 1, 2] },
  supervisor: { often: 0.9, work: ['home', 'warranties', 'deliveries', 'cmanagement', 'cbox'], projects: 'all' },
  admin: { often: 0.7, work: ['home', 'warranties', 'config', 'insights', 'quality'], projects: 'all' },
  inspector: { often: 0.5, work: ['home', 'quality', 'concrete', 'verifications'], projects: [0, 1, 4] },
  gerente: { often: 0.2, work: ['home', 'warranties', 'cmanagement', 'insights'], projects: 'all' },
  soporte: { often: 0.05, work: ['provider'], projects: [] },
  // revisor and ejecutivo never signed in.
};

/** A fixed pseudo-random number in [0, 1) from a few integers. */
function noise(...n: number[]): number {
  let h = 2166136261;
  for (const x of n) h = Math.imul(h ^ x, 16777619) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
  return (h ^ (h >>> 13)) / 4294967296;
}

export async function seedInsights(
  tx: Tx,
  input: { companyId: number; otherCompanyId: number; projectIds: number[]; now: Date },
) {
  const { companyId, otherCompanyId, projectIds, now } = input;
  const [company] = await tx.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: countryTimezone(company?.country) });
  const staff = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')));

  const counts: (typeof usageCounts.$inferInsert)[] = [];
  const signedIn: { id: number; at: Date }[] = [];
  for (const user of staff) {
    const habit = HABITS[user.username];
    if (!habit) continue;
    const projects = habit.projects === 'all' ? projectIds : habit.projects.map((i) => projectIds[i]);
    let last: Date | undefined;
    for (let back = DAYS - 1; back >= 0; back--) {
      const at = new Date(now.getTime() - back * DAY_MS);
      const weekday = at.getUTCDay() % 6 !== 0;
      if (noise(user.id, back, 1) >= habit.often * (weekday ? 1 : 0.2)) continue;
      const day = localDay.format(at);
      let events = 0;
      for (const [w, area] of habit.work.entries())
        for (const [u, use] of WORK[area].entries()) {
          const r = noise(user.id, back, w, u);
          if (r < 0.35) continue;
          const count = Math.max(1, Math.round(use.weight * (0.5 + 2 * r)));
          const projectId = area === 'home' || !projects.length ? 0 : projects[Math.floor(r * 97) % projects.length];
          counts.push({ companyId, day, userId: user.id, projectId, ...use, count });
          events += count;
        }
      if (!events) continue;
      last = new Date(at.getTime() - Math.floor(noise(user.id, back, 7) * 6) * 3_600_000);
    }
    // Whoever has a habit has signed in at least once, on the last day they came (or long ago).
    signedIn.push({ id: user.id, at: last ?? new Date(now.getTime() - 90 * DAY_MS) });
  }
  const merged = new Map<string, typeof usageCounts.$inferInsert>();
  for (const c of counts) {
    const key = [c.day, c.userId, c.projectId, c.module, c.kind, c.name].join('|');
    const seen = merged.get(key);
    if (seen) seen.count += c.count;
    else merged.set(key, c);
  }
  // Each user's day per project: the sums of its counts, as the flush writes them (usage/meter.ts).
  const userDays = new Map<string, typeof usageUserDays.$inferInsert>();
  for (const c of merged.values()) {
    const key = [c.day, c.userId, c.projectId].join('|');
    const seen = userDays.get(key);
    if (seen) seen.events += c.count;
    else userDays.set(key, { companyId, day: c.day, userId: c.userId, projectId: c.projectId, events: c.count });
  }
  if (merged.size) await tx.insert(usageCounts).values([...merged.values()]);
  if (userDays.size) await tx.insert(usageUserDays).values([...userDays.values()]);
  for (const { id, at } of signedIn) await tx.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));

  // The last 24 hours of requests, by hour: the demo company healthy, the other with ~2 % of 5xx (atencion).
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const stats: (typeof requestStats.$inferInsert)[] = [];
  for (let h = 0; h < 24; h++) {
    const at = new Date(hour - h * 3_600_000);
    const busy = 0.3 + 0.7 * Math.max(0, Math.sin(((at.getUTCHours() - 11) / 24) * 2 * Math.PI));
    const requests = Math.round(400 * busy + 40 * noise(companyId, h));
    stats.push({
      companyId,
      hour: at,
      requests,
      serverErrors: 0,
      clientErrors: Math.round(requests * 0.02),
      slow: Math.round(requests * 0.01 * noise(companyId, h, 2)),
      totalMs: requests * Math.round(80 + 60 * noise(companyId, h, 3)),
      maxMs: 600 + Math.round(300 * noise(companyId, h, 4)),
    });
    const other = Math.round(60 * busy + 10 * noise(otherCompanyId, h));
    stats.push({
      companyId: otherCompanyId,
      hour: at,
      requests: other,
      serverErrors: h % 4 === 1 ? Math.max(2, Math.round(other * 0.06)) : 0,
      clientErrors: Math.round(other * 0.03),
      slow: Math.round(other * 0.02),
      totalMs: other * 150,
      maxMs: 900 + Math.round(400 * noise(otherCompanyId, h, 4)),
    });
  }
  await tx.insert(requestStats).values(stats);
}
