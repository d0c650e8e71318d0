import { useLocation, useParams } from 'react-router';
import { parseRouteId } from '../../../shared/route-id.ts';
import type { OrderKind } from '../api/types.ts';

/**
 * OI or OT from the route (docs/product.md §2 solicitud/{id}/oi and /ot share their screens). `orderId` is null
 * on crear; `badId` is true when editar/gestionar carry something that is not an id (show not-found).
 */
export function useOrderKind(): { kind: OrderKind; segment: 'oi' | 'ot'; orderId: number | null; badId: boolean } {
  const { pathname } = useLocation();
  const params = useParams();
  const segment = /\/ot(\/|$)/.test(pathname) ? 'ot' : 'oi';
  const raw = segment === 'oi' ? params.oiId : params.otId;
  const orderId = parseRouteId(raw);
  return { kind: segment === 'oi' ? 'OI' : 'OT', segment, orderId, badId: raw !== undefined && orderId === null };
}
