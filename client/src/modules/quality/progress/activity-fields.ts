import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ActivityCurrency } from '#domain/quality';
import type { ActivityRow, QualityAttribute } from '#domain/quality-responses';
import { activityUpdateSchema } from '#domain/schemas/quality';
import { dateText } from '../../../widgets/date-text.ts';
import { formatNumber } from '../../../widgets/number-format.ts';
import type { ActivityUpdateBody } from '../api/activities.ts';

/** The activity fields edited in place in the list, and how each is typed (domain/schemas/quality.ts activityFields). */
export const DATE_FIELDS = ['estimated_start', 'estimated_end', 'actual_start', 'actual_end'] as const;
export const COST_FIELDS = ['estimated_cost', 'actual_cost'] as const;
export type EditableField =
  'description' | 'progress' | 'currency' | (typeof DATE_FIELDS)[number] | (typeof COST_FIELDS)[number];
export type EditorKind = 'text' | 'date' | 'number' | 'select';

export const editorOf = (field: EditableField): EditorKind =>
  field === 'description'
    ? 'text'
    : field === 'currency'
      ? 'select'
      : (DATE_FIELDS as readonly string[]).includes(field)
        ? 'date'
        : 'number';

/** Decimals each number keeps (progress: one, costs: two; the schema refuses more). */
const PRECISION: Partial<Record<EditableField, number>> = { progress: 1, estimated_cost: 2, actual_cost: 2 };

/** CLP has no cents; the other currencies print two decimals ('UF 1.234,50'). */
export function moneyText(value: number | null, currency: ActivityCurrency | null): string {
  if (value === null) return '';
  const whole = currency === 'CLP';
  const amount = formatNumber(value, { precision: whole ? 0 : 2, fixed: !whole && currency !== null });
  return currency ? `${currency} ${amount}` : amount;
}

export const progressText = (value: number) => `${formatNumber(value, { precision: 1, fixed: false })} %`;

/** The text an editor opens with: ISO days for the date input, numbers the es-CL way (decimal comma). */
export function editorText(row: ActivityRow, field: EditableField): string {
  const value = row[field];
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value, { precision: PRECISION[field] ?? 2, fixed: false });
  return String(value);
}

/** The other end of a date pair, so the order of dates is checked before the request (the server checks it too). */
const PAIR: Partial<Record<EditableField, EditableField>> = {
  estimated_start: 'estimated_end',
  estimated_end: 'estimated_start',
  actual_start: 'actual_end',
  actual_end: 'actual_start',
};

/**
 * The PATCH body of a typed value, or the field's message: the shared schema reads '12,5' with a decimal comma and
 * an empty text as "clear" (null), except for the description, which is required.
 */
export function patchOf(
  row: ActivityRow,
  field: EditableField,
  text: string,
  t: TFunction,
): { ok: true; body: ActivityUpdateBody } | { ok: false; message: string } {
  const trimmed = text.trim();
  const value = field === 'description' ? text : trimmed === '' ? null : trimmed;
  const pair = PAIR[field];
  const candidate: Record<string, unknown> = { [field]: value };
  if (pair && row[pair] !== null) candidate[pair] = row[pair];
  const checked = activityUpdateSchema.safeParse(candidate);
  if (!checked.success) {
    const messages = issueMessages(checked.error.issues, t);
    return { ok: false, message: messages[field] ?? Object.values(messages)[0] };
  }
  const parsed = (checked.data as Record<string, unknown>)[field];
  return { ok: true, body: { [field]: parsed ?? null } as ActivityUpdateBody };
}

/** Whether a typed text would change the stored value (so a blur without changes sends nothing). */
export function isSameValue(row: ActivityRow, field: EditableField, text: string): boolean {
  return editorText(row, field).trim() === text.trim();
}

/** How one field's value reads in the history ('—' for nothing), in the user's language. */
export function historyValueText(
  field: string,
  value: unknown,
  ctx: {
    language: string;
    t: TFunction;
    attributes: readonly QualityAttribute[];
    descriptionOf: (id: number) => string | undefined;
  },
): string {
  if (value === null || value === undefined || value === '') return '—';
  const attributeId = attributeIdOfField(field);
  if (attributeId !== null) {
    // The server writes the value's name (server/src/modules/quality/progress/activities/service.ts valueChanges).
    if (typeof value === 'string') return value;
    const attribute = ctx.attributes.find((a) => a.id === attributeId);
    return attribute?.values.find((v) => v.id === Number(value))?.name ?? `#${String(value)}`;
  }
  if ((DATE_FIELDS as readonly string[]).includes(field) && typeof value === 'string')
    return dateText(value, ctx.language);
  if (field === 'progress' && typeof value === 'number') return progressText(value);
  if ((COST_FIELDS as readonly string[]).includes(field) && typeof value === 'number') return moneyText(value, null);
  if (field === 'parent_id' && typeof value === 'number') return ctx.descriptionOf(value) ?? `#${value}`;
  if (typeof value === 'number') return formatNumber(value, { precision: 2, fixed: false });
  if (typeof value === 'boolean')
    return ctx.t(value ? 'quality_ui.progress.history.yes' : 'quality_ui.progress.history.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** History keys of attribute values: 'values.12', 'attribute:12' or 'value:12' all name attribute 12. */
export function attributeIdOfField(field: string): number | null {
  const m = /^(?:values\.|attribute:|value:|attribute_)(\d+)$/.exec(field);
  return m ? Number(m[1]) : null;
}

/** A history field's name in the user's language: the column's label, or the attribute's own name. */
export function historyFieldLabel(field: string, t: TFunction, attributes: readonly QualityAttribute[]): string {
  const attributeId = attributeIdOfField(field);
  if (attributeId !== null)
    return attributes.find((a) => a.id === attributeId)?.name ?? t('quality_ui.progress.history.attribute');
  return t(`quality_ui.progress.fields.${field}`, { defaultValue: field });
}

export const dateCell = (value: string | null, language: string) => dateText(value, language);

/** A shared schema's issues as translated messages per field, with the params custom checks carry (date order). */
export function issueMessages(issues: readonly z.core.$ZodIssue[], t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (out[key]) continue;
    const i = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> };
    out[key] = t(issue.message, { min: i.minimum, max: i.maximum, ...i.params, defaultValue: t('validation.invalid') });
  }
  return out;
}
