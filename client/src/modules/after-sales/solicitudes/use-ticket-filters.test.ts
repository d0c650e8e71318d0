import { describe, expect, it } from 'vitest';
import { ticketListQuerySchema } from '#domain/schemas/after-sales';
import { activeFilterCount, parseListState, toApiFilters, viewParamsOf } from './use-ticket-filters.ts';

describe('solicitudes list state in the URL (docs/product.md §2 filters, §9 page size and date presets)', () => {
  it('defaults to the top-bar project, page 1 of 50, newest first', () => {
    const s = parseListState(new URLSearchParams(''), 3);
    expect(s).toMatchObject({
      project: ['3'],
      page: 1,
      rowsPerPage: 50,
      sort: { sortBy: null, descending: false },
      date: { preset: 'all', field: 'created' },
    });
    expect(activeFilterCount(s)).toBe(1);
  });

  it('keeps "every project" once the project filter was emptied, and drops unknown values', () => {
    const s = parseListState(
      new URLSearchParams('project=&state=nueva,borrada&priority=urgent&unit=12,x&sort=hack&rows=7'),
      3,
    );
    expect(s.project).toEqual([]);
    expect(s.state).toEqual(['nueva']);
    expect(s.unit).toEqual(['12']);
    expect(s.sort.sortBy).toBeNull();
    expect(s.rowsPerPage).toBe(50);
  });

  it('builds a query the API schema accepts, with comma lists and a custom date range on the update date', () => {
    const s = parseListState(
      new URLSearchParams(
        'state=nueva,postergada&responsible=5,6&date_preset=custom&date_field=updated&date_from=2026-11-01&date_to=2026-11-30&sort=priority&desc=1&page=3',
      ),
      null,
    );
    const q = toApiFilters(s);
    expect(q).toMatchObject({
      state: ['nueva', 'postergada'],
      responsible_id: [5, 6],
      date_field: 'updated',
      date_preset: 'custom',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    const parsed = ticketListQuerySchema.safeParse({
      ...q,
      page: s.page,
      sortBy: s.sort.sortBy,
      descending: s.sort.descending,
      state: q.state!.join(','),
    });
    expect(parsed.success).toBe(true);
  });

  it.each([
    ['date_preset=custom', 'no dates'],
    ['date_preset=custom&date_from=2026-11-01', 'only Desde'],
    ['date_preset=custom&date_to=2026-11-30', 'only Hasta'],
    ['date_preset=custom&date_from=2026-11-30&date_to=2026-11-01', 'Hasta before Desde'],
  ])(
    'leaves an unfinished custom range from the URL (%s: %s) out of the request, so a reload does not answer 422',
    (query) => {
      const s = parseListState(new URLSearchParams(`project=&${query}`), null);
      expect(s.date.preset).toBe('custom'); // the widget still shows the draft and asks for both dates
      const q = toApiFilters(s);
      expect(q).not.toHaveProperty('date_preset');
      expect(q).not.toHaveProperty('date_from');
      expect(q).not.toHaveProperty('date_to');
      expect(ticketListQuerySchema.safeParse(q).success).toBe(true);
      expect(activeFilterCount(s)).toBe(0);
    },
  );

  it('carries the clock filter (por_vencer, vencidas) and the sort by time left; an unknown one is dropped', () => {
    const s = parseListState(new URLSearchParams('project=&sla=vencidas&sort=sla'), null);
    expect(s.sla).toBe('vencidas');
    expect(s.sort.sortBy).toBe('sla');
    expect(activeFilterCount(s)).toBe(1);
    expect(ticketListQuerySchema.parse({ ...toApiFilters(s), sortBy: 'sla' })).toMatchObject({
      sla: 'vencidas',
      sortBy: 'sla',
    });
    expect(parseListState(new URLSearchParams('sla=pronto'), null).sla).toBeNull();
  });

  it('a saved view keeps the filters and sort of the URL, not the page nor anything else', () => {
    expect(viewParamsOf(new URLSearchParams('project=&priority=urgent&sort=sla&desc=1&page=3&foo=1'))).toEqual({
      project: '',
      priority: 'urgent',
      sort: 'sla',
      desc: '1',
    });
  });
});
