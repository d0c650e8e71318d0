import { describe, expect, it } from 'vitest';
import { deliverSchema } from './deliveries.ts';

const base = { delivery_date: '2030-01-15', attendees: [{ owner_id: 1, role: 'propietario' }] };
const fieldsOf = (body: object) =>
  deliverSchema.safeParse({ ...base, ...body }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('delivery dialog texts (docs/product.md §5 delivery dialog rules)', () => {
  it("the act's observations and the receiver's comment keep ordinary punctuation, a colon included", () => {
    expect(fieldsOf({ observations: 'Pendiente: pintura del baño; ¿retoque? (lunes)' })).toEqual([]);
    expect(fieldsOf({ receiver_comment: 'Conforme: recibo llaves y controles.' })).toEqual([]);
  });
  it("markup is still refused, with the rule's message on the field", () => {
    expect(fieldsOf({ observations: '<b>ok</b>' })).toEqual([['observations', 'validation.no_special_chars']]);
    expect(fieldsOf({ receiver_comment: '{{x}}' })).toEqual([['receiver_comment', 'validation.no_special_chars']]);
  });
});
