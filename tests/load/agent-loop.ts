/**
 * The simulated after-sales agents of the load bench: each has its own session and its own open
 * tickets, and works them through the real HTTP API as the web client does (docs/api.md,
 * Postventa): list, open a ticket, write a message, move its state, read the agenda and move its
 * visit there. Everything they do is bounded in count and in time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { failures, tickets, users } from '../../server/src/db/schema/index.ts';
import { TICKET_UNRESOLVED_STATES, type TicketState } from '#domain/tickets';
import type { TestContext } from '../../server/src/test-support.ts';
import type { Recorder } from './stats.ts';

const API = '/api/v2/public/api';
const OPEN: readonly TicketState[] = TICKET_UNRESOLVED_STATES;
/** The state change an agent makes next: opens, starts, postpones and resumes, never closes (the pool stays open). */
const NEXT: [event: string, verb: string][] = [
  ['ticket.open', 'abrir'],
  ['ticket.startProgress', 'iniciar'],
  ['ticket.unpostpone', 'reanudar'],
  ['ticket.postpone', 'postergar'],
];

export type Agent = { index: number; cookie: string; userId: number; tickets: number[]; orderId?: number };
export type AgentRun = {
  origin: string;
  deadline: number;
  maxIterations: number;
  thinkMs: number;
  recorder: Recorder;
  random: () => number;
};

type Answer = { status: number; json: any };

/** One API call, timed and recorded under `kind`; a failed connection is recorded with its cause. */
async function call(
  run: AgentRun,
  agent: Agent,
  kind: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${run.origin}${API}/${path}`, {
      method,
      headers: {
        Cookie: agent.cookie,
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => undefined);
    if (kind) run.recorder.record(kind, performance.now() - started, res.status);
    return { status: res.status, json };
  } catch (error) {
    // No answer: say why (undici puts the socket's error code in `cause`).
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    if (kind) run.recorder.record(kind, performance.now() - started, `no answer (${cause})`);
    return { status: 0, json: undefined };
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A start on a quarter hour, 1 to 14 days ahead, in working hours (UTC 12–20 is 9–17 in Chile). */
function quarterHourAhead(random: () => number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1 + Math.floor(random() * 14));
  d.setUTCHours(12 + Math.floor(random() * 8), 15 * Math.floor(random() * 4), 0, 0);
  return d.toISOString();
}

/**
 * The agents and their work: `count` sessions of the staff users that manage after-sales for every
 * project, the company's open tickets dealt out among them, and for each agent one visit (an OT on
 * a ticket of its own, created through the API) to move around the agenda.
 */
export async function prepareAgents(
  ctx: TestContext,
  origin: string,
  count: number,
  random: () => number,
): Promise<Agent[]> {
  const { db, deps, seed } = ctx;
  const staff = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, seed.companyId), inArray(users.username, ['admin', 'supervisor'])));
  const open = await db
    .select({ id: tickets.id, state: tickets.state })
    .from(tickets)
    .where(and(eq(tickets.companyId, seed.companyId), inArray(tickets.state, OPEN)))
    .orderBy(tickets.id);
  const pending = new Map<number, number>();
  for (const f of await db
    .select({ id: failures.id, ticketId: failures.ticketId })
    .from(failures)
    .where(and(eq(failures.companyId, seed.companyId), eq(failures.state, 'pendiente'))))
    if (!pending.has(f.ticketId)) pending.set(f.ticketId, f.id);
  // Tickets that will carry a visit stay out of the state cycle: a postponed ticket locks its schedule.
  const visitTickets = open
    .filter((t) => (t.state === 'abierta' || t.state === 'en_proceso') && pending.has(t.id))
    .slice(0, count);
  const visitIds = new Set(visitTickets.map((t) => t.id));
  const pool = open.filter((t) => !visitIds.has(t.id)).map((t) => t.id);
  if (pool.length < count)
    throw new Error(`only ${pool.length} open tickets for ${count} agents: seed more (--tickets)`);

  const agents: Agent[] = [];
  for (let i = 0; i < count; i++) {
    const user = staff[i % staff.length];
    const token = await deps.sessions.create(user.id, seed.companyId, { userAgent: `load-agent-${i}` });
    agents.push({
      index: i,
      cookie: `qa_session=${token}`,
      userId: user.id,
      tickets: pool.filter((_, k) => k % count === i),
    });
  }
  const noop = {
    origin,
    deadline: Infinity,
    maxIterations: 0,
    thinkMs: 0,
    recorder: { record() {} } as unknown as Recorder,
    random,
  };
  await Promise.all(
    visitTickets.map(async (t, i) => {
      const agent = agents[i];
      const res = await call(noop, agent, undefined, 'POST', `postventa/solicitudes/${t.id}/ot`, {
        responsible_id: agent.userId,
        failure_ids: [pending.get(t.id)],
        start_at: quarterHourAhead(random),
        duration_minutes: 60,
        description: 'Visita de carga',
      });
      if (res.status === 201) agent.orderId = res.json?.data?.id ?? res.json?.id;
    }),
  );
  return agents;
}

/** One agent's working loop until the deadline or `maxIterations` rounds, whichever comes first. */
export async function agentLoop(run: AgentRun, agent: Agent): Promise<void> {
  // A pause of 0.5–1.5 think times between actions, cut short at the deadline.
  const think = () =>
    new Promise((r) =>
      setTimeout(r, Math.max(0, Math.min(run.thinkMs * (0.5 + run.random()), run.deadline - Date.now()))),
    );
  const today = new Date();
  const until = new Date(today.getTime() + 14 * 86_400_000);
  // Agents start spread over one think time, as people do, not all in the same millisecond.
  await new Promise((r) => setTimeout(r, Math.min(run.thinkMs * run.random(), Math.max(0, run.deadline - Date.now()))));
  for (let i = 0; i < run.maxIterations && Date.now() < run.deadline; i++) {
    const steps: (() => Promise<unknown>)[] = [];
    const id = agent.tickets[i % agent.tickets.length];
    let detail: Answer | undefined;
    steps.push(() =>
      call(
        run,
        agent,
        'list',
        'GET',
        `postventa/solicitudes?state=${OPEN.join(',')}&rowsPerPage=20&page=${1 + (i % 3)}`,
      ),
    );
    steps.push(async () => {
      detail = await call(run, agent, 'detail', 'GET', `postventa/solicitudes/${id}`);
    });
    steps.push(() =>
      call(run, agent, 'message', 'POST', `postventa/solicitudes/${id}/mensajes`, {
        body: `Seguimiento ${i + 1}: revisado en terreno.`,
        visibility: 'private',
      }),
    );
    steps.push(async () => {
      const allowed: string[] = detail?.json?.data?.allowed_events ?? [];
      const next = NEXT.find(([event]) => allowed.includes(event));
      if (next) await call(run, agent, 'state', 'POST', `postventa/solicitudes/${id}/${next[1]}`, {});
    });
    steps.push(() => call(run, agent, 'agenda', 'GET', `postventa/agenda?from=${day(today)}&to=${day(until)}`));
    if (agent.orderId) {
      steps.push(() =>
        call(run, agent, 'schedule', 'PATCH', `postventa/agenda/${agent.orderId}`, {
          start_at: quarterHourAhead(run.random),
          duration_minutes: 60,
        }),
      );
    }
    for (const step of steps) {
      if (Date.now() >= run.deadline) return;
      await step();
      await think();
    }
  }
}
