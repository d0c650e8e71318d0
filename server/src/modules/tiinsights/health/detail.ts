import type { CompanyHealthDetail } from '#domain/insights-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { companiesHealth } from './company-health.ts';
import { healthHours } from './hours.ts';
import { lastWebhookFailures } from './webhook-failures.ts';

/**
 * GET /tiinsights/empresas/:companyId (domain/insights-responses.ts companyHealthDetailSchema): the company's health
 * as the list shows it, its hours and its last webhook failures. An unknown company is a 404.
 */
export async function companyHealthDetail(
  db: DbOrTx,
  companyId: number,
  now = new Date(),
): Promise<CompanyHealthDetail> {
  const [health] = await companiesHealth(db, now, [companyId]);
  if (!health) throw notFound();
  return {
    health,
    hours: await healthHours(db, companyId, now),
    webhook_failures: await lastWebhookFailures(db, companyId),
  };
}
