import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useFollowProject } from './follow-project.ts';
import { session } from './session-store.ts';

afterEach(() => session.clearUser());

describe('opening a record of another project', () => {
  it('moves the top bar and the proyecto_id param to the record’s project', () => {
    session.setProject(3);
    const { rerender } = renderHook(({ id }: { id: number | undefined }) => useFollowProject(id), {
      initialProps: { id: undefined as number | undefined },
    });
    expect(session.get().projectId).toBe(3);
    rerender({ id: 9 });
    expect(session.get().projectId).toBe(9);
    expect(session.get().params.proyecto_id).toBe(9);
  });
});
