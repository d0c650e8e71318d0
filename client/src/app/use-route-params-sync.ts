import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paramsOf } from '../shared/route-tree.ts';
import { session } from '../shared/session/session-store.ts';

const toId = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * Route params become the shared session params of docs/product.md §7 (unidad_id, solicitud_id): a ficha or
 * solicitud route sets them, leaving it clears them so no call carries a stale id.
 */
export function useRouteParamsSync() {
  const { pathname } = useLocation();
  const params = paramsOf(pathname);
  const unidad = toId(params.unitId);
  const solicitud = toId(params.solicitudId);
  useEffect(() => {
    session.setParams({ unidad_id: unidad, solicitud_id: solicitud });
  }, [unidad, solicitud]);
}
