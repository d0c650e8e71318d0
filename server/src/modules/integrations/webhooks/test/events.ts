import { STAFF_DATA } from '#domain/realtime';
import { recordEvent, transactionWithEvents } from '../../../../events/outbox.ts';
import type { TestContext } from '../../../../test-support.ts';

/** Writes outbox events as a producer module would (e.g. after-sales creating tickets). */
export async function emitTicketEvents(ctx: TestContext, count: number, type = 'ticket.created', companyId?: number) {
  const ids: number[] = [];
  await transactionWithEvents(ctx.deps, async (tx) => {
    for (let i = 0; i < count; i++) {
      ids.push(
        await recordEvent(tx, {
          type,
          companyId: companyId ?? ctx.seed.companyId,
          projectId: ctx.seed.projectIds[0],
          entity: { type: 'ticket', id: 5000 + i },
          actorId: null,
          action: 'created',
          data: {
            code: `PV-${5000 + i}`,
            subject: 'Filtración',
            ownerNotifiable: true,
            [STAFF_DATA]: { row: { id: 5000 + i, applicant: { id: 9, name: 'Javiera Castillo' } }, overdue: false },
          },
          notify: [1, 2],
          link: '/warranties/solicitud/1',
        }),
      );
    }
  });
  return ids;
}
