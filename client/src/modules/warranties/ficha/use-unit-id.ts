import { useParams } from 'react-router';

/** The unit of ficha/{unitId}. */
export function useUnitId(): number {
  return Number(useParams().unitId);
}

/** Server permission of each ficha write (server fichas-routes.ts): scheduling, owners and undoing need manage. */
export const MANAGE = 'entregas_gestionar';
/** The on-site work (revision, details, accessories, certificates, the delivery dialog): inspectors too. */
export const REVIEW = 'entregas_gestionar|entregas_revision';
