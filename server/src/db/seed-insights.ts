import type { Tx } from './client.ts';

/** The demo's usage counts and request statistics (domain/insights.ts), so the insights screens show weeks of use. */
export async function seedInsights(
  _tx: Tx,
  _input: { companyId: number; otherCompanyId: number; projectIds: number[]; now: Date },
) {}
