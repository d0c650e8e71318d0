import { useLocation, useParams } from 'react-router';
import type { OrderKind } from '../api/types.ts';

/** OI or OT from the route (SPEC §2 solicitud/{id}/oi and /ot share their screens). */
export function useOrderKind(): { kind: OrderKind; segment: 'oi' | 'ot'; orderId: number | null } {
  const { pathname } = useLocation();
  const params = useParams();
  const segment = /\/ot(\/|$)/.test(pathname) ? 'ot' : 'oi';
  const raw = segment === 'oi' ? params.oiId : params.otId;
  return { kind: segment === 'oi' ? 'OI' : 'OT', segment, orderId: raw && /^\d+$/.test(raw) ? Number(raw) : null };
}
