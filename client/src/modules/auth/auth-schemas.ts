import { useEffect, useState } from 'react';

/**
 * The shared auth schemas pull in zod (~27 KB gzipped). The login page is the app's first load
 * (docs/architecture.md §6: ≤ 200 KB), so the schemas are fetched when a form is first touched or submitted,
 * not with the page.
 */
export type AuthSchemas = typeof import('#domain/schemas/auth');

let pending: Promise<AuthSchemas> | undefined;
export const loadAuthSchemas = (): Promise<AuthSchemas> => (pending ??= import('#domain/schemas/auth'));

/** The schemas once loaded; `eager` starts loading on mount (pages that are not the first load). */
export function useAuthSchemas(eager = false): AuthSchemas | undefined {
  const [schemas, setSchemas] = useState<AuthSchemas>();
  useEffect(() => {
    if (!eager) return;
    let alive = true;
    void loadAuthSchemas().then((m) => {
      if (alive) setSchemas(m);
    });
    return () => {
      alive = false;
    };
  }, [eager]);
  return schemas;
}
