import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { TicketProgress } from './ticket-progress.tsx';

describe('ticket progress (docs/product.md §3)', () => {
  it('shows the bar and done/total for a ticket with failures', () => {
    renderWithProviders(<TicketProgress progress={{ done: 1, total: 3, percent: 33 }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('1/3')).toBeTruthy();
  });

  it('shows only the text without failures, so it fits the list column', () => {
    renderWithProviders(<TicketProgress progress={{ done: 0, total: 0, percent: 0 }} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Sin fallas')).toBeTruthy();
  });
});
