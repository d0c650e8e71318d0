import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n.ts';
import type { AgendaEvent } from '../api/types.ts';
import { availabilityOf, dropRefusal, overlapsOf } from './agenda-rules.ts';

const ev = (
  id: number,
  responsible: number | null,
  start: string,
  end: string,
): Pick<AgendaEvent, 'id' | 'start' | 'end' | 'responsible'> => ({
  id,
  start,
  end,
  responsible:
    responsible === null
      ? null
      : { id: responsible, full_name: `R${responsible}`, acronym: 'R', color: null, is_enabled: true },
});
const t = i18n.t.bind(i18n);

describe('agenda overlaps (docs/product.md#agenda: overlapping visits of one responsible are flagged)', () => {
  it('flags visits of the same responsible that overlap, both ways, and nothing else', () => {
    const clashes = overlapsOf([
      ev(1, 7, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'),
      ev(2, 7, '2026-11-23T10:30:00Z', '2026-11-23T11:30:00Z'),
      ev(3, 7, '2026-11-23T11:30:00Z', '2026-11-23T12:00:00Z'), // starts when 2 ends: no overlap
      ev(4, 8, '2026-11-23T10:15:00Z', '2026-11-23T10:45:00Z'), // another responsible
      ev(5, null, '2026-11-23T10:00:00Z', '2026-11-23T12:00:00Z'),
    ]);
    expect(Object.fromEntries(clashes)).toEqual({ 1: [2], 2: [1] });
  });

  it('flags a visit inside a longer one and chains of three', () => {
    const clashes = overlapsOf([
      ev(1, 7, '2026-11-23T09:00:00Z', '2026-11-23T13:00:00Z'),
      ev(2, 7, '2026-11-23T10:00:00Z', '2026-11-23T10:30:00Z'),
      ev(3, 7, '2026-11-23T12:45:00Z', '2026-11-23T14:00:00Z'),
    ]);
    expect(clashes.get(1)).toEqual([2, 3]);
    expect(clashes.get(2)).toEqual([1]);
    expect(clashes.get(3)).toEqual([1]);
  });
});

describe('agenda drop (docs/product.md §4: a schedule cannot be edited in some ticket and order states)', () => {
  const base = { start: '2026-11-23T10:00:00Z', end: '2026-11-23T11:00:00Z' };
  const to = ['2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z'] as const;

  it('lets the order machine accept a move of a scheduled or confirmed visit', () => {
    expect(
      dropRefusal(
        { ...base, state: 'agendada', ticket: { id: 1, code: 'X', subject: 's', state: 'abierta' } },
        ...to,
        t,
      ),
    ).toBeNull();
    expect(
      dropRefusal(
        { ...base, state: 'confirmada', ticket: { id: 1, code: 'X', subject: 's', state: 'en_proceso' } },
        ...to,
        t,
      ),
    ).toBeNull();
  });

  it("refuses with the ticket's state when it is postponed, closed or merged", () => {
    expect(
      dropRefusal(
        { ...base, state: 'agendada', ticket: { id: 1, code: 'X', subject: 's', state: 'postergada' } },
        ...to,
        t,
      ),
    ).toBe('No se puede modificar la agenda: la solicitud está «Postergada»');
  });

  it("refuses with the machine's own wording for an order that can no longer move", () => {
    expect(
      dropRefusal(
        { ...base, state: 'gestionada', ticket: { id: 1, code: 'X', subject: 's', state: 'abierta' } },
        ...to,
        t,
      ),
    ).toBe('No se puede reagendar cuando la orden está en estado «Gestionada»');
  });
});

describe("a responsible's availability (docs/product.md#agenda)", () => {
  const visits = [
    ev(1, 5, '2026-11-23T13:00:00.000Z', '2026-11-23T14:00:00.000Z'),
    ev(2, 5, '2026-11-23T15:00:00.000Z', '2026-11-23T16:00:00.000Z'),
    ev(3, 6, '2026-11-23T13:30:00.000Z', '2026-11-23T14:30:00.000Z'),
    ev(4, 5, '2026-11-25T13:00:00.000Z', '2026-11-25T14:00:00.000Z'),
  ];
  it('lists their other visits that day and which overlap the new time, not the visit being moved', () => {
    const start = new Date('2026-11-23T13:30:00.000Z');
    const end = new Date('2026-11-23T14:30:00.000Z');
    const day = availabilityOf(visits, 5, start, end, 2);
    expect(day.sameDay.map((v) => v.id)).toEqual([1]);
    expect(day.overlapping.map((v) => v.id)).toEqual([1]);
    const free = availabilityOf(visits, 5, new Date('2026-11-23T16:00:00.000Z'), new Date('2026-11-23T17:00:00.000Z'));
    expect(free.sameDay.map((v) => v.id)).toEqual([1, 2]);
    expect(free.overlapping).toEqual([]);
    expect(availabilityOf(visits, null, start, end)).toEqual({ sameDay: [], overlapping: [] });
  });
});
