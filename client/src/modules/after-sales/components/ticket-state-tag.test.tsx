import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { TicketStateTag } from './ticket-state-tag.tsx';

const tagOf = (state: Parameters<typeof TicketStateTag>[0]['state']) => {
  const { unmount } = renderWithProviders(<TicketStateTag state={state} />);
  const tag = screen.getByTestId('ticket-state-tag');
  const seen = {
    letter: tag.getAttribute('data-letter'),
    dark: tag.getAttribute('data-dark'),
    text: tag.textContent,
    bg: tag.style.backgroundColor,
    mark: tag.getAttribute('data-mark'),
    icons: tag.querySelectorAll('svg').length,
  };
  unmount();
  return seen;
};

describe(
  'ticket state tag (docs/product.md §4 letters N, A, P, F and a dark P for postponed)',
  { timeout: 20_000 },
  () => {
    it('draws the letter of each working state, with the state name for screen readers', () => {
      expect(tagOf('nueva')).toMatchObject({ letter: 'N', dark: null, text: 'NNueva' });
      expect(tagOf('abierta')).toMatchObject({ letter: 'A', dark: null, text: 'AAbierta' });
      expect(tagOf('en_proceso')).toMatchObject({ letter: 'P', dark: null, text: 'PEn proceso' });
      expect(tagOf('finalizada')).toMatchObject({ letter: 'F', dark: null, text: 'FFinalizada' });
    });

    it('marks postponed as a dark P, distinct from the in-progress P', () => {
      const postponed = tagOf('postergada');
      const inProgress = tagOf('en_proceso');
      expect(postponed).toMatchObject({ letter: 'P', dark: 'true', text: 'PPostergada' });
      expect(postponed.bg).not.toBe(inProgress.bg);
      // The dark P is nearly black: every channel of its colour is low.
      const hex = /^#([0-9a-f]{6})$/i.exec(postponed.bg)?.[1];
      const channels = hex
        ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
        : postponed.bg.match(/\d+/g)!.map(Number);
      expect(Math.max(...channels)).toBeLessThan(64);
    });

    it('tells postponed from in progress without colour: a pause mark on the postponed P', () => {
      expect(tagOf('postergada')).toMatchObject({ mark: 'pause', icons: 1 });
      expect(tagOf('en_proceso')).toMatchObject({ mark: null, icons: 0 });
    });

    it('shows the name for states without a letter (resolved, not applicable, merged)', () => {
      for (const [state, name] of [
        ['resuelta', 'Resuelta'],
        ['no_aplica', 'No aplica'],
        ['fusionada', 'Fusionada'],
      ] as const) {
        const { unmount } = renderWithProviders(<TicketStateTag state={state} />);
        expect(screen.queryByTestId('ticket-state-tag')).toBeNull();
        expect(screen.getByText(name)).toBeTruthy();
        unmount();
      }
    });
  },
);
