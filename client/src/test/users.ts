import { QueryClient } from '@tanstack/react-query';
import { authUserQuery, type AuthUser } from '../api/session/auth-user.ts';

/** A signed-in staff user with these permission flags, in a fresh query client (component tests). */
export function clientWithUser(permisos: string[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const user: AuthUser = {
    id: 5,
    username: 'agente',
    first_name: 'Valentina',
    last_name: 'Muñoz',
    full_name: 'Valentina Muñoz',
    email: 'v@x.cl',
    email_verified: true,
    signature_verified: false,
    signature_url: null,
    locale: 'es',
    kind: 'staff',
    settings: {},
    grupo: { id: 1, desc_grupo: 'Agente', permisos: Object.fromEntries(permisos.map((p) => [p, true])) },
    is_ryr: false,
    company: { id: 1, name: 'Inmobiliaria Cordillera', country: 'CL' },
    proyectos: [
      { id: 3, name: 'Edificio Parque', address_full: 'Av. 1', image_url: null, is_closed: false, is_blocked: false },
    ],
  };
  queryClient.setQueryData(authUserQuery.queryKey, user);
  return queryClient;
}
