import { PIN_COLORS } from '#domain/plan-pins';
import type { BoardFailure } from '#domain/plan-pins-responses';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import type { PdfWriter } from '../../../lib/pdf-writer.ts';
import { fileBytes } from '../../files/service.ts';
import { plansOfUnit, type PinnedUnit } from './plan-pins.ts';

const isPdfPlan = (mime: string, path: string) => mime === 'application/pdf' || /\.pdf$/i.test(path);

/** A pin's state as the PDFs name it: a failure state, or a revision failure not yet in after-sales. */
export const pinStateLabel = (t: Translate, f: BoardFailure) =>
  f.state === 'revision' ? t('after_sales.plan_pins.revision') : t(`after_sales.failure_states.${f.state}`);

/**
 * Writes, for each plan page that holds pins, the plan with its numbered pins and the table that names
 * them (docs/product.md#defects-on-plans), into the delivery act and the ticket PDF. Answers how many
 * plan pages it drew.
 */
export async function writePlanPins(
  pdf: PdfWriter,
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  unit: PinnedUnit,
  board: BoardFailure[],
) {
  let drawn = 0;
  for (const plan of await plansOfUnit(deps.database.db, unit)) {
    const onPlan = board.filter((f) => f.pin?.plan_id === plan.id);
    const pages = [...new Set(onPlan.map((f) => f.pin!.page))].sort((a, b) => a - b);
    if (!pages.length) continue;
    const bytes = await fileBytes(deps, user, plan.path);
    if (!bytes) continue;
    const isPdf = isPdfPlan(plan.type, plan.path);
    for (const page of pages) {
      const pins = onPlan.filter((f) => f.pin!.page === page);
      const title = isPdf
        ? t('after_sales.plan_pins.pdf_title_page', { name: plan.name, page })
        : t('after_sales.plan_pins.pdf_title', { name: plan.name });
      const ok = await pdf.planWithPins(
        { bytes, isPdf, page, title },
        pins.map((f) => ({ number: f.number, x: f.pin!.x, y: f.pin!.y, color: PIN_COLORS[f.state] })),
      );
      if (!ok) {
        pdf.line(`${title}: ${t('after_sales.plan_pins.unreadable')}`);
        continue;
      }
      drawn += 1;
      pdf.table(
        [t('after_sales.plan_pins.number'), t('after_sales.plan_pins.failure'), t('after_sales.plan_pins.state')],
        pins.map((f) => [String(f.number), f.label, pinStateLabel(t, f)]),
        [0.1, 0.65, 0.25],
      );
    }
  }
  return drawn;
}
