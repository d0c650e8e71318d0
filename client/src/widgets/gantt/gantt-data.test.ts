import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/errors.ts';
import { commitDrag, dateToDay, dayToDate, dragChange, drawnLink, endDayToDate } from './gantt-data.ts';

describe('days ↔ chart dates', () => {
  it('a last day included becomes the midnight after it, and back', () => {
    expect(dateToDay(dayToDate('2026-02-28'))).toBe('2026-02-28');
    expect(dateToDay(endDayToDate('2026-02-28'))).toBe('2026-03-01');
  });

  it('a move or resize gives the days with the last one included; the progress handle gives 0–100', () => {
    const bar = { start_date: dayToDate('2026-12-05'), end_date: dayToDate('2026-12-08'), progress: 0.456 };
    expect(dragChange(bar, 'move')).toEqual({ start: '2026-12-05', end: '2026-12-07' });
    expect(dragChange(bar, 'progress')).toEqual({ progress: 46 });
    // A bar shorter than a day (resized to nothing) still covers its first day.
    expect(dragChange({ ...bar, end_date: dayToDate('2026-12-05') }, 'resize')).toEqual({
      start: '2026-12-05',
      end: '2026-12-05',
    });
  });

  it('a link between two rows of the API is kept with its kind; to a group row or to itself it is nothing', () => {
    expect(drawnLink({ source: 1, target: 2, type: '2' })).toEqual({ source_id: 1, target_id: 2, type: 'ff' });
    expect(drawnLink({ source: 'group-1', target: 2, type: '0' })).toBeNull();
    expect(drawnLink({ source: 2, target: 2, type: '0' })).toBeNull();
  });
});

describe('a drag refused by the server rolls back', () => {
  const before = { start_date: dayToDate('2026-12-01'), end_date: dayToDate('2026-12-04'), progress: 0.25 };

  it('on a 422 the bar goes back to where it was and the server’s field message is shown', async () => {
    const restore = vi.fn();
    const notify = vi.fn();
    const refusal = new ApiRequestError(422, 'Datos inválidos', {
      fields: { start_date: 'La subtarea debe quedar dentro de las fechas de su tarea (01-12-2026 – 03-12-2026)' },
    });
    const ok = await commitDrag({ before, patch: () => Promise.reject(refusal), restore, notify });
    expect(ok).toBe(false);
    expect(restore).toHaveBeenCalledWith(before);
    expect(notify).toHaveBeenCalledWith(
      'La subtarea debe quedar dentro de las fechas de su tarea (01-12-2026 – 03-12-2026)',
    );
  });

  it('without field errors the general message is shown; an accepted drag restores nothing', async () => {
    const notify = vi.fn();
    await commitDrag({
      before,
      patch: () => Promise.reject(new ApiRequestError(409, 'La tarea está completada', {})),
      restore: vi.fn(),
      notify,
    });
    expect(notify).toHaveBeenCalledWith('La tarea está completada');
    const accepted = vi.fn();
    expect(await commitDrag({ before, patch: () => Promise.resolve({}), restore: accepted, notify })).toBe(true);
    expect(accepted).not.toHaveBeenCalled();
  });
});
