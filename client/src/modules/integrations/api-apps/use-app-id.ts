import { useParams } from 'react-router';

/** The :appId of /config/integraciones/apps/:appId (NaN when it is not a number: the detail answers 404). */
export function useAppIdParam(): number {
  const { appId } = useParams();
  return appId && /^\d{1,10}$/.test(appId) ? Number(appId) : Number.NaN;
}
