import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '#domain/access-responses';
import { draftOf, hasProfileChanges, inputOf, toggleExclusive, toggleHeld } from './profile-draft.ts';

const row: ProfileRow = {
  id: 1,
  name: 'Inspector',
  groups: ['obra'],
  permissions: ['modulo_calidad'],
  exclusive_permissions: ['dbdump'],
  undefined_permissions: [],
  modules: ['calidad', 'insights'],
  is_ryr: false,
  users_count: 0,
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('profile draft', () => {
  it('round-trips a profile: an exclusive flag is sent once, as exclusive', () => {
    expect(inputOf(draftOf(row))).toEqual({
      name: 'Inspector',
      groups: ['obra'],
      permissions: ['modulo_calidad'],
      exclusive_permissions: ['dbdump'],
    });
    expect(hasProfileChanges(row, draftOf(row))).toBe(false);
  });

  it('a flag turned off is no longer exclusive; marking one exclusive also holds it', () => {
    const off = toggleHeld(draftOf(row), 'dbdump', false);
    expect(inputOf(off).exclusive_permissions).toEqual([]);
    const exclusive = toggleExclusive(off, 'ryr', true);
    expect(inputOf(exclusive)).toMatchObject({ permissions: ['modulo_calidad'], exclusive_permissions: ['ryr'] });
    expect(inputOf(toggleExclusive(exclusive, 'ryr', false)).permissions).toEqual(['modulo_calidad', 'ryr']);
  });

  it('order and surrounding spaces are no change; a renamed or regrouped profile is', () => {
    const draft = { ...draftOf(row), name: ' Inspector ', held: ['dbdump', 'modulo_calidad'] };
    expect(hasProfileChanges(row, draft)).toBe(false);
    expect(hasProfileChanges(row, { ...draft, name: 'Inspectora' })).toBe(true);
    expect(hasProfileChanges(row, { ...draft, groups: [] })).toBe(true);
  });
});
