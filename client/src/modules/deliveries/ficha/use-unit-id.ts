import { useRouteId } from '../../../shared/route-id.ts';

/** The unit of ficha/{unitId}, or null when the route's id is not a valid id (the layout then shows not-found). */
export function useUnitIdParam(): number | null {
  return useRouteId('unitId');
}

/** The unit of ficha/{unitId} inside its tabs, which FichaLayout renders only for a valid id. */
export function useUnitId(): number {
  const id = useUnitIdParam();
  if (id === null) throw new Error('A ficha tab needs a valid ficha/{unitId} route');
  return id;
}

/**
 * Permissions of the ficha screens, the domain's (domain/fichas.ts): scheduling, owners and undoing need manage;
 * the on-site work (revision, details, accessories, certificates, the delivery dialog) is open to inspectors too.
 */
export { DELIVERY_MANAGE as MANAGE, DELIVERY_REVIEW as REVIEW } from '#domain/fichas';
