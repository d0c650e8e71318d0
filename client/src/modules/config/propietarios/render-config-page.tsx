import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';

/**
 * Tests of the config propietarios pages: renders one signed in as a user allowed to configure
 * owners (config_propietarios) in a company of `country`, with the one project `projectId`.
 */
export function renderConfigPage(page: ReactElement, route: string, opts: { projectId: number; country?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, {
    grupo: { permisos: { config_propietarios: true } },
    company: { id: 1, name: 'Demo', country: opts.country ?? 'CL' },
    proyectos: [
      {
        id: opts.projectId,
        name: 'Condominio Alto Macul',
        address_full: '',
        image_url: null,
        is_closed: false,
        is_blocked: false,
      },
    ],
  } as unknown as AuthUser);
  return renderWithProviders(page, { route, queryClient });
}
