import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Link } from 'react-router';

/** A link that looks like the index's buttons (to an integration's own page). */
export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild size="sm" minH="44px" variant="outline" colorPalette="brand">
      <Link to={to}>{children}</Link>
    </Button>
  );
}
