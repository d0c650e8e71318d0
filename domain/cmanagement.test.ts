import { describe, expect, it } from 'vitest';
import type { CmFieldDefinition } from './cmanagement.ts';
import {
  cmCustomFieldSchema,
  cmCustomFilterParam,
  cmCustomValuesSchema,
  cmIssueCreateSchema,
  cmIssueUpdateSchema,
  cmTaskUpdateSchema,
  cmTicketCreateSchema,
  cmTicketUpdateSchema,
  formatCustomFilters,
} from './schemas/cmanagement.ts';
import { mentionedUserIds } from './cmanagement.ts';

const field = (over: Partial<CmFieldDefinition> & Pick<CmFieldDefinition, 'id' | 'type'>): CmFieldDefinition => ({
  name: `Campo ${over.id}`,
  options: [],
  multiple: false,
  required: false,
  active: true,
  ...over,
});
const fields = [
  field({ id: 1, type: 'text', required: true }),
  field({ id: 2, type: 'number' }),
  field({ id: 3, type: 'date' }),
  field({
    id: 4,
    type: 'select',
    options: [
      { id: 'a', name: 'Hormigón', disabled: false },
      { id: 'b', name: 'Acero', disabled: true },
    ],
  }),
  field({ id: 5, type: 'multi_select', options: [{ id: 'x', name: 'X', disabled: false }] }),
  field({ id: 6, type: 'checkbox' }),
  field({ id: 7, type: 'user', multiple: true }),
  field({ id: 8, type: 'text', active: false }),
];
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('custom field answers (docs/product.md §3 Custom field)', () => {
  it('accepts an answer of each type and clears empty ones', () => {
    const r = cmCustomValuesSchema(fields, { complete: true }).safeParse({
      1: ' Losa ',
      2: 12.5,
      3: '2030-01-07',
      4: 'a',
      5: ['x'],
      6: false,
      7: [3, '4'],
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ 1: 'Losa', 2: 12.5, 3: '2030-01-07', 4: 'a', 5: ['x'], 6: false, 7: [3, 4] });
    expect(cmCustomValuesSchema(fields, { complete: false }).parse({ 2: '' })).toEqual({ 2: null });
  });

  it('refuses wrong types, disabled or unknown options, inactive fields, and a missing required answer', () => {
    const r = cmCustomValuesSchema(fields, { complete: true }).safeParse({
      2: 'doce',
      3: '2030-02-31',
      4: 'b',
      5: ['x', 'x'],
      6: 'sí',
      8: 'texto',
      99: 1,
    });
    expect(errorsOf(r)).toEqual({
      '1': 'validation.required',
      '2': 'validation.number',
      '3': 'validation.date',
      '4': 'cmanagement.errors.option_unknown',
      '5': 'cmanagement.errors.option_duplicate',
      '6': 'validation.invalid',
      '8': 'cmanagement.errors.field_unknown',
      '99': 'cmanagement.errors.field_unknown',
    });
  });

  it('an edit may leave out a required answer already given, and keep an option disabled since', () => {
    const previous = { 1: 'Losa', 4: 'b' };
    expect(cmCustomValuesSchema(fields, { complete: true, previous }).safeParse({ 4: 'b' }).success).toBe(true);
    expect(errorsOf(cmCustomValuesSchema(fields, { complete: true, previous }).safeParse({ 1: '' }))).toEqual({
      '1': 'validation.required',
    });
  });
});

describe('custom field definitions (docs/product.md §5 options editor)', () => {
  it('needs an enabled option for a select, no options elsewhere, no duplicates in any case, at most 50', () => {
    const bad = cmCustomFieldSchema.safeParse({
      type: 'select',
      name: 'Partida',
      options: [
        { name: 'Losa', disabled: true },
        { name: 'losa', disabled: true },
      ],
    });
    expect(errorsOf(bad)).toEqual({
      options: 'cmanagement.errors.options_required',
      'options.1.name': 'cmanagement.errors.option_duplicate',
    });
    expect(errorsOf(cmCustomFieldSchema.safeParse({ type: 'text', name: 'N', options: [{ name: 'a' }] }))).toEqual({
      options: 'cmanagement.errors.options_not_allowed',
    });
    expect(errorsOf(cmCustomFieldSchema.safeParse({ type: 'number', name: 'N', multiple: true }))).toEqual({
      multiple: 'cmanagement.errors.multiple_not_allowed',
    });
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `Opción ${i}` }));
    expect(errorsOf(cmCustomFieldSchema.safeParse({ type: 'select', name: 'N', options: many }))).toEqual({
      options: 'cmanagement.errors.options_max',
    });
  });
});

describe('list filters by custom field (cf)', () => {
  it('round-trips values with separators in them and refuses malformed ones', () => {
    const filters = [
      { fieldId: 4, value: 'a' },
      { fieldId: 1, value: 'losa; 2:3' },
    ];
    expect(cmCustomFilterParam.parse(formatCustomFilters(filters))).toEqual(filters);
    expect(cmCustomFilterParam.safeParse('x:1').success).toBe(false);
    expect(cmCustomFilterParam.safeParse('1:%E0%A4%A').success).toBe(false);
    expect(cmCustomFilterParam.safeParse('1:a;2:b;3:c;4:d;5:e;6:f').success).toBe(false);
  });
});

describe('mentions', () => {
  it('reads each mentioned user once', () => {
    expect(mentionedUserIds('Hola @[Ana Pérez](4) y @[Luis](7), @[Ana Pérez](4)')).toEqual([4, 7]);
  });
});

describe('edits keep what they leave out', () => {
  it('fills the defaults on creation only: a PATCH with a title resets no priority, people, answers or files', () => {
    expect(cmTicketCreateSchema.parse({ project_id: 1, category_id: 2, title: 'Fisura' })).toMatchObject({
      priority: 'media',
      assignee_ids: [],
      watcher_ids: [],
      custom_values: {},
      attachments: [],
    });
    expect(cmTicketUpdateSchema.parse({ title: 'Fisura en losa' })).toEqual({ title: 'Fisura en losa' });
    expect(cmIssueCreateSchema.parse({ title: 'Junta' }).photos).toEqual([]);
    expect(cmIssueUpdateSchema.parse({ title: 'Junta' })).toEqual({ title: 'Junta' });
    expect(cmTaskUpdateSchema.parse({ name: 'Hormigonado' })).toEqual({ name: 'Hormigonado' });
  });
});
