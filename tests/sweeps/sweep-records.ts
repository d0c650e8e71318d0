import { eq } from 'drizzle-orm';
import type { TestContext } from '../../server/src/test-support.ts';
import { acs, deliveryCertificates, notifications, unitTypePlans, users } from '../../server/src/db/schema/index.ts';
import { samplesIn, type Samples } from './route-samples.ts';

/** A 1×1 PNG: enough for the upload checks (magic number, size, type). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A signed upload URL for a small PNG (POST files/upload-url as `cookie`): the credential of PUT /storage/o/*. */
export async function signedPut(ctx: TestContext, cookie: string) {
  const signed = await ctx.request('POST', 'files/upload-url', { cookie, body: { extension: 'png', name: 'barrido.png', size: PNG.length, contentType: 'image/png' } });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  return signed.json.data as { url: string; path: string; contentType: string; headers?: Record<string, string> };
}

/**
 * The seed has no uploaded file, notification, AC, certificate or plan until someone acts: one of
 * each for the demo company (the file uploaded through the API by `cookie`'s user, the rest
 * written to their tables against the sampled records), then the samples again.
 */
export async function addMissingRecords(ctx: TestContext, companyId: number, cookie: string, username: string): Promise<Samples> {
  const before = await samplesIn(ctx, companyId);
  const grant = await signedPut(ctx, cookie);
  const put = await ctx.app.request(grant.url, { method: 'PUT', headers: { 'Content-Type': grant.contentType, ...(grant.headers ?? {}) }, body: new Uint8Array(PNG) });
  if (put.status >= 300) throw new Error(`put ${put.status} ${await put.text()}`);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const db = ctx.db;
  if (before.notification === undefined) {
    await db.insert(notifications).values({ companyId, userId: user.id, eventId: 1, type: 'ticket.created', titleKey: 'notifications.title', bodyKey: 'notifications.body' });
  }
  if (before.ac === undefined && before.ticket !== undefined && before.project !== undefined) {
    await db.insert(acs).values({ companyId, projectId: Number(before.project), ticketId: Number(before.ticket), number: 9001, code: 'AC-SWEEP', state: 'pendiente', createdBy: user.id });
  }
  const file = { path: grant.path, name: 'barrido.png', size: PNG.length, mime: 'image/png', createdBy: user.id };
  if (before.certificate === undefined && before.unit !== undefined) await db.insert(deliveryCertificates).values({ ...file, companyId, unitId: Number(before.unit) });
  if (before.plan === undefined && before.project !== undefined && before.unitType !== undefined) {
    await db.insert(unitTypePlans).values({ ...file, companyId, projectId: Number(before.project), unitTypeId: Number(before.unitType) });
  }
  return samplesIn(ctx, companyId);
}
