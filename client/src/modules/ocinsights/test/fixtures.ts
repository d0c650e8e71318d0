import type { ActiveUsers, Adoption, ModuleUsage, NeverSignedIn } from '#domain/insights-responses';

/** What the usage routes answer for a small company (domain/insights-responses.ts), for the page tests. */
export const activeUsers = (): ActiveUsers => ({
  daily: [
    { day: '2026-03-02', users: 3 },
    { day: '2026-03-03', users: 5 },
  ],
  weekly: [{ week: '2026-03-02', users: 6 }],
  users: 6,
  staff: 8,
});

export const moduleUsage = (): ModuleUsage => ({
  modules: [
    { module: 'warranties', screens: 40, actions: 12, users: 5 },
    { module: 'quality', screens: 9, actions: 0, users: 2 },
  ],
  top: [
    { module: 'warranties', kind: 'screen', name: 'warranties.solicitudes', count: 30, users: 5 },
    { module: 'warranties', kind: 'action', name: 'POST /postventa/solicitudes', count: 12, users: 3 },
    { module: 'quality', kind: 'screen', name: 'quality.pantalla-nueva', count: 9, users: 2 },
  ],
});

export const adoption = (): Adoption => ({
  projects: [{ project: { id: 3, name: 'Edificio Parque' }, users: 3, members: 4, events: 80 }],
  profiles: [
    { profile: { id: 1, name: 'Agente' }, users: 5, members: 5, events: 70 },
    { profile: null, users: 0, members: 1, events: 0 },
  ],
});

export const neverSignedIn = (): NeverSignedIn => [
  {
    id: 9,
    name: 'Tomás Reyes',
    username: 'treyes',
    profile: { id: 1, name: 'Agente' },
    created_at: '2026-02-10T14:00:00.000Z',
  },
];
