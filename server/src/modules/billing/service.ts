import type { ModuleRegistry } from '../../registry.ts';

/**
 * Billing's public face for other modules (docs/modules.md §3): the provider's side in /tiinsights reads and writes a
 * company's billing through these. Billing registers nothing: its records hold no files and send no live events.
 */
export { billingOverview } from './overview/overview.ts';
/** Storage per company as the overview counts it (internal insights' health list reads it for all companies). */
export { storageMbByCompany } from './overview/usage.ts';
export { savePlan } from './plan/plan.ts';
export { issueInvoice, payInvoice } from './invoices/issue.ts';
export { invoicePdf } from './invoices/pdf.ts';
export { pdfAnswer } from './shared/pdf-answer.ts';

export function registerBilling(_registry: ModuleRegistry): void {}
