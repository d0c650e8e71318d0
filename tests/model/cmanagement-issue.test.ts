import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cmIssueMachine, type CmIssueEvent } from '#machines/cm-issue';
import { CM_ISSUE_OPEN_STATES, cmIssueCommands } from '#domain/cmanagement';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { cmIssues } from '../../server/src/db/schema/index.ts';
import { insertCmTicket } from '../../server/src/modules/cmanagement/tasks/test-records.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §1 Cmanagement issue: every generated path of machines/cm-issue.ts, driven through the real API
 * (POST cmanagement/tickets/{ticketId}/issues/{id}/<verb>) with the stored state checked after each step.
 */
const samples: CmIssueEvent[] = [
  { type: 'cmIssue.start' },
  { type: 'cmIssue.resolve' },
  { type: 'cmIssue.close' },
  { type: 'cmIssue.reopen' },
];
const paths = apiPaths(cmIssueMachine, samples);
const coverage = apiCoverage(cmIssueMachine, cmIssueCommands);

let ctx: TestContext;
let cookie: string;
let ticketId: number;
let serial = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('supervisor');
  ticketId = (await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] })).id;
}, 180_000);
afterAll(async () => ctx?.close());

const issueOf = async (id: number) => (await ctx.db.select().from(cmIssues).where(eq(cmIssues.id, id)))[0];
const send = (issueId: number, event: CmIssueEvent) =>
  ctx.request('POST', `cmanagement/tickets/${ticketId}/issues/${issueId}/${cmIssueCommands[event.type].verb}`, {
    cookie,
    body: {},
  });

/** A fresh issue on the ticket, written to the table (the walk is about the verbs). */
async function newIssue() {
  serial += 1;
  const [issue] = await ctx.db
    .insert(cmIssues)
    .values({ companyId: ctx.seed.companyId, ticketId, number: serial, title: `Observación ${serial}` })
    .returning();
  return issue.id;
}

describe('cm-issue machine paths against the API', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const issueId = await newIssue();
    for (const step of path.steps) {
      const res = await send(issueId, step.event as CmIssueEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      expect((await issueOf(issueId)).state).toBe(step.after.value);
      expect(res.json.data.allowed_events).toEqual(samples.filter((e) => step.after.can(e)).map((e) => e.type));
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state (409), and stores nothing.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => !final.can(e))) {
      const before = await issueOf(issueId);
      const res = await send(issueId, refused);
      expect(res.status, `${refused.type} refused: ${res.text}`).toBe(409);
      expect((await issueOf(issueId)).state).toBe(before.state);
    }
  });

  it('an open issue keeps its ticket from being resolved until it is settled (machines/cm-ticket.ts)', async () => {
    const issueId = await newIssue();
    const resolveTicket = () => ctx.request('POST', `cmanagement/tickets/${ticketId}/resolver`, { cookie, body: {} });
    // Every other issue of this ticket was walked to a settled or open state by the paths above: settle them all.
    const open = (await ctx.db.select().from(cmIssues).where(eq(cmIssues.ticketId, ticketId))).filter((i) =>
      (CM_ISSUE_OPEN_STATES as readonly string[]).includes(i.state),
    );
    expect(open.map((i) => i.id)).toContain(issueId);
    expect((await resolveTicket()).status).toBe(409);
    for (const issue of open) expect((await send(issue.id, { type: 'cmIssue.resolve' })).status).toBe(200);
    const res = await resolveTicket();
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.state).toBe('resuelto');
  });

  it('walked every transition of the cm-issue machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
