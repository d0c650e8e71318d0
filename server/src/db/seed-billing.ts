import type { Tx } from './client.ts';

/** The demo's plans and invoices (domain/billing.ts). */
export async function seedBilling(_tx: Tx, _input: { companyId: number; otherCompanyId: number; now: Date }) {}
