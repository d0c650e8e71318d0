import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';
import { companies, notifications, outbox, users } from './schema/index.ts';

/**
 * Locale keys live on in stored rows (a notification's params, an event's labels): migration 0009 renames the
 * after-sales namespace in them with the locale files, so a notification saved before still reads as text.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('after-sales locale keys in stored rows (migration 0009)', () => {
  it('a notification and an unrelayed event saved with the old namespace read in the new one', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, admin!.companyId));
    const old = {
      entity: { key: 'warranties.events.entity' },
      action: { key: 'warranties.events.ticket.open' },
      ref: 'S-1',
      subject: '',
      actor: 'Ana',
    };
    const [n] = await ctx.db
      .insert(notifications)
      .values({
        companyId: company!.id,
        userId: admin!.id,
        eventId: 9_000_001,
        type: 'ticket.opened',
        titleKey: 'notifications.generic.title',
        bodyKey: 'notifications.generic.body',
        params: old,
        link: '/warranties/solicitud/1',
      })
      .returning();
    const [e] = await ctx.db
      .insert(outbox)
      .values({
        companyId: company!.id,
        topic: 't',
        type: 'ticket.opened',
        payload: { link: '/warranties/solicitud/1', labels: { entity: 'warranties.events.entity' } },
        publishedAt: new Date(),
      })
      .returning();
    const migration = fs.readFileSync(
      new URL('./migrations/0009_after_sales_locale_keys.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));

    const [renamed] = await ctx.db.select().from(notifications).where(eq(notifications.id, n!.id));
    expect(renamed!.params).toEqual({
      ...old,
      entity: { key: 'after_sales.events.entity' },
      action: { key: 'after_sales.events.ticket.open' },
    });
    expect(renamed!.link).toBe('/warranties/solicitud/1');
    const [event] = await ctx.db.select().from(outbox).where(eq(outbox.id, e!.id));
    expect(event!.payload).toEqual({
      link: '/warranties/solicitud/1',
      labels: { entity: 'after_sales.events.entity' },
    });

    const cookie = await ctx.login('admin');
    const list = await ctx.request('GET', 'notificaciones', { cookie });
    const shown = (list.json.data as { id: number; title: string }[]).find((x) => x.id === n!.id);
    expect(shown?.title).toBe('Actualización: Solicitud S-1');
  });
});
