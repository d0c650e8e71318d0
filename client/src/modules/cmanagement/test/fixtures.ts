import type { CmCustomFieldRow, CmTicketRow } from '#domain/cmanagement-responses';
import type { CmTicketState } from '#machines/cm-ticket';

/** A ticket row as GET cmanagement/tickets answers it (domain/cmanagement-responses.ts). */
export const ticketRow = (id: number, state: CmTicketState, extra: Partial<CmTicketRow> = {}): CmTicketRow => ({
  id,
  code: `CM-${id}`,
  title: `Ticket ${id}`,
  state,
  priority: 'media',
  project: { id: 3, name: 'Edificio Parque' },
  category: { id: 9, name: 'Coordinación' },
  assignees: [],
  start_date: null,
  due_date: null,
  custom_values: {},
  open_issues: 0,
  issue_count: 0,
  progress: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
  ...extra,
});

export const listAnswer = (rows: CmTicketRow[]) => ({
  data: rows,
  current_page: 1,
  total: rows.length,
  has_more: false,
  rowsPerPage: 50,
});

export const fieldRow = (id: number, extra: Partial<CmCustomFieldRow>): CmCustomFieldRow => ({
  id,
  category_id: 9,
  type: 'text',
  name: `Campo ${id}`,
  description: null,
  options: [],
  multiple: false,
  required: false,
  active: true,
  position: id,
  ...extra,
});

export const category = { id: 9, name: 'Coordinación', enabled: true, ticket_count: 0, active_field_count: 0 };
export const people = [
  { id: 7, full_name: 'Ana Pérez', username: 'aperez', image_url: null, acronym: 'AP', color: null, is_enabled: true },
  { id: 8, full_name: 'Bruno Díaz', username: 'bdiaz', image_url: null, acronym: 'BD', color: null, is_enabled: true },
];
