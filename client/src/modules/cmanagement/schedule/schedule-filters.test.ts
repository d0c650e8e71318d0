import { describe, expect, it } from 'vitest';
import { taskRow } from './test-rows.ts';
import { taskEvents } from './calendar-events.ts';
import { scheduleParamsOf, viewOf, withFilter } from './schedule-filters.ts';

describe('the schedule URL', () => {
  it('keeps only well-formed filters, so an edited address never becomes a 422', () => {
    const search = new URLSearchParams(
      'project=3,x,4&state=en_curso,otra&assignee=&from=2026-12-01&to=mañana&view=calendar',
    );
    expect(scheduleParamsOf(search)).toEqual({ project: '3,4', state: 'en_curso', from: '2026-12-01' });
    expect(viewOf(search)).toBe('calendar');
    expect(viewOf(new URLSearchParams())).toBe('gantt');
  });

  it('one filter changes, an empty one is dropped, the view stays', () => {
    const next = withFilter(new URLSearchParams('view=calendar&state=pendiente'), 'ticket', ['40', '41']);
    expect(next.toString()).toBe('view=calendar&state=pendiente&ticket=40%2C41');
    expect(withFilter(next, 'state', []).has('state')).toBe(false);
  });
});

describe('tasks on the calendar', () => {
  it('are whole-day events through their end day, titled with the ticket', () => {
    const [event] = taskEvents([taskRow()]);
    expect(event.title).toBe('CM-7 · Impermeabilizar losa');
    expect([event.start, event.end, event.allDay]).toEqual([new Date(2026, 11, 1), new Date(2026, 11, 4), true]);
  });
});
