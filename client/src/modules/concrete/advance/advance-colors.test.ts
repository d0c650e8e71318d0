import { describe, expect, it } from 'vitest';
import { ADVANCE_COLORS } from '#domain/concrete-placements';
import { advanceColorMap, placementByElement, selectedPlacements, type AdvancePlacement } from './advance-colors.ts';

const placements: AdvancePlacement[] = [
  { id: 1, number: 1, state: 'conforme', global_ids: ['a', 'b'] },
  { id: 2, number: 2, state: 'programado', global_ids: ['c'] },
  { id: 3, number: 3, state: 'no_conforme', global_ids: ['d'] },
];
const model = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('advanceColorMap (concrete/advanceBim colours)', () => {
  it("colours each placement's elements by its state and the rest as sin_vaciar", () => {
    expect([...advanceColorMap(placements, null, model)]).toEqual([
      ['a', ADVANCE_COLORS.conforme],
      ['b', ADVANCE_COLORS.conforme],
      ['c', ADVANCE_COLORS.programado],
      ['d', ADVANCE_COLORS.no_conforme],
      ['e', ADVANCE_COLORS.sin_vaciar],
      ['f', ADVANCE_COLORS.sin_vaciar],
    ]);
  });

  it('isolating a state keeps only its elements (the viewer dims the others)', () => {
    expect([...advanceColorMap(placements, 'programado', model)]).toEqual([['c', ADVANCE_COLORS.programado]]);
    expect([...advanceColorMap(placements, 'sin_vaciar', model).keys()]).toEqual(['e', 'f']);
  });

  it('before the model has loaded, colours only the placed elements', () => {
    expect(advanceColorMap(placements, null).size).toBe(4);
  });
});

describe('selectedPlacements', () => {
  it('names each placement a selection touches once, and none for unplaced elements', () => {
    const byElement = placementByElement(placements);
    expect(selectedPlacements(['b', 'a', 'd', 'e'], byElement).map((p) => p.number)).toEqual([1, 3]);
    expect(selectedPlacements(['e', 'f'], byElement)).toEqual([]);
  });
});
