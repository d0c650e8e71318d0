import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { TicketRow } from '../api/types.ts';
import { clientWithUser } from '../../../test/users.ts';
import { BulkActions, bulkActionsFor } from './bulk-actions.tsx';
import { SELECTION_MAX, toggleId, togglePage } from './selection.ts';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

afterEach(() => vi.unstubAllGlobals());

describe('selection for bulk actions (docs/product.md §5/§9: at most 50)', { timeout: 20_000 }, () => {
  it('refuses the 51st ticket and still lets one be unselected', () => {
    let selected: ReadonlySet<number> = new Set(ids(50));
    expect(SELECTION_MAX).toBe(50);
    const refused = toggleId(selected, 51);
    expect(refused).toBe(selected);
    selected = toggleId(selected, 3);
    expect(selected.size).toBe(49);
    expect(toggleId(selected, 51).has(51)).toBe(true);
  });

  it('selecting a page of 100 keeps at most 50; a page already all selected is unselected', () => {
    const page = ids(100);
    const first = togglePage(new Set(), page);
    expect(first.size).toBe(50);
    expect([...first]).toEqual(ids(50));
    const some = togglePage(new Set([200, 201]), page);
    expect(some.size).toBe(50);
    expect(some.has(200) && some.has(201)).toBe(true);
    const small = togglePage(new Set(), ids(10));
    expect(togglePage(small, ids(10)).size).toBe(0);
  });
});

const row = (id: number, state: TicketRow['state'], previous: TicketRow['previous_state'] = null) =>
  ({
    id,
    code: `T-${id}`,
    number: id,
    subject: 's',
    state,
    previous_state: previous,
    priority: 'medium',
    origin: 'WEB',
    project: { id: 3, name: 'P' },
    tower: null,
    unit: { id: 1, number: '101' },
    applicant: null,
    responsible: null,
    merged_into_id: null,
    progress: { total: 0, done: 0, percent: 0 },
    created_at: '',
    updated_at: '',
  }) as TicketRow;

describe('bulk actions offered from the ticket machine', { timeout: 20_000 }, () => {
  it('offers a state action when at least one selected ticket accepts it', () => {
    expect(bulkActionsFor([row(1, 'abierta')])).toEqual(['postpone', 'close']);
    expect(bulkActionsFor([row(1, 'postergada', 'nueva')])).toEqual(['unpostpone']);
    expect(bulkActionsFor([row(1, 'finalizada'), row(2, 'abierta')])).toEqual(['postpone', 'close', 'reopen']);
    expect(bulkActionsFor([row(1, 'fusionada')])).toEqual([]);
  });

  it('shows the count against the cap and only the permitted actions', () => {
    mockFetch();
    renderWithProviders(
      <BulkActions
        selectedRows={[row(1, 'abierta'), row(2, 'finalizada')]}
        responsibles={[]}
        onDone={() => undefined}
      />,
      { queryClient: clientWithUser(['postventa_gestionar']) },
    );
    expect(screen.getByText('2 seleccionadas (máximo 50)')).toBeTruthy();
    expect(screen.getByTestId('bulk-postpone')).toBeTruthy();
    expect(screen.queryByTestId('bulk-close')).toBeNull(); // needs postventa_cerrar
    expect(screen.queryByTestId('bulk-reopen')).toBeNull();
  });
});
