import { QueryClient } from '@tanstack/react-query';
import { authUserQuery, type AuthUser } from '../../../app/session/auth-user.ts';
import type { TicketDetail } from '../api/types.ts';

/** A signed-in staff user with these permission flags, in a fresh query client (component tests). */
export function clientWithUser(permisos: string[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const user: AuthUser = {
    id: 5, username: 'agente', first_name: 'Valentina', last_name: 'Muñoz', full_name: 'Valentina Muñoz', email: 'v@x.cl',
    email_verified: true, signature_verified: false, signature_url: null, locale: 'es', kind: 'staff', settings: {},
    grupo: { id: 1, desc_grupo: 'Agente', permisos: Object.fromEntries(permisos.map((p) => [p, true])) }, is_ryr: false,
    company: { id: 1, name: 'Inmobiliaria Cordillera', country: 'CL' },
    proyectos: [{ id: 3, name: 'Edificio Parque', address_full: 'Av. 1', image_url: null, is_closed: false, is_blocked: false }],
  };
  queryClient.setQueryData(authUserQuery.queryKey, user);
  return queryClient;
}

export function ticketDetail(patch: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id: 31, code: 'PLD-00031', number: 31, subject: 'Filtración en baño', state: 'abierta', previous_state: null,
    priority: 'medium', origin: 'WEB', project: { id: 3, name: 'Edificio Parque', municipal_reception_date: '2024-01-10' },
    tower: { id: 1, name: 'Torre A' }, floor: null, unit: { id: 77, number: '101-A', delivery_date: '2024-03-05', unit_type: null },
    applicant: { id: 9, name: 'Javiera', last_name: 'Castillo' }, responsible: { id: 5, full_name: 'Valentina Muñoz' }, cc: [], created_by: null,
    merged_into_id: null, close_justification: null, first_response_at: null, resolved_at: null,
    progress: { total: 2, done: 0, percent: 0 }, counts: { failures: 2, pending_failures: 2, oi: 0, ot: 0, ac: 0 },
    created_at: '2026-11-01T12:00:00.000Z', updated_at: '2026-11-02T12:00:00.000Z',
    ...patch,
  };
}
