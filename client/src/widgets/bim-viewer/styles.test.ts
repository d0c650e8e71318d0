import { describe, expect, it } from 'vitest';
import { DIM_COLOR, SELECTION_COLOR, nextSelection, planStyles } from './styles.ts';

const present = new Set(['A', 'B', 'C', 'D']);

describe('planStyles', () => {
  it('groups elements by colour, treating #abc and #AABBCC as one colour', () => {
    const colors = new Map([
      ['A', '#abc'],
      ['B', '#AABBCC'],
      ['C', '#ff0000'],
    ]);
    expect(planStyles({ present, colors })).toEqual([
      { color: '#aabbcc', globalIds: ['A', 'B'] },
      { color: '#ff0000', globalIds: ['C'] },
    ]);
  });

  it('leaves uncoloured elements out unless dimmed, then paints them grey', () => {
    const colors = new Map([['A', '#00ff00']]);
    expect(planStyles({ present, colors }).flatMap((g) => g.globalIds)).toEqual(['A']);
    expect(planStyles({ present, colors, dimUncoloured: true })).toEqual([
      { color: '#00ff00', globalIds: ['A'] },
      { color: DIM_COLOR, globalIds: ['B', 'C', 'D'] },
    ]);
  });

  it('paints the selection over the caller colour and ignores ids not in the models', () => {
    const colors = new Map([
      ['A', '#00ff00'],
      ['Z', '#0000ff'],
    ]);
    expect(planStyles({ present, colors, selected: ['A', 'Z'] })).toEqual([
      { color: SELECTION_COLOR, globalIds: ['A'] },
    ]);
  });
});

describe('nextSelection', () => {
  it('a plain click selects only the picked element, on the background it clears', () => {
    expect(nextSelection(['A', 'B'], 'C', false)).toEqual(['C']);
    expect(nextSelection(['A', 'B'], null, false)).toEqual([]);
  });

  it('Ctrl/Shift-click adds, takes out a selected one, and ignores the background', () => {
    expect(nextSelection(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(nextSelection(['A', 'B'], 'A', true)).toEqual(['B']);
    expect(nextSelection(['A'], null, true)).toEqual(['A']);
  });
});
