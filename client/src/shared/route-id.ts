import { useParams } from 'react-router';

/**
 * A record id taken from a route parameter: a positive whole number written in plain digits, or
 * null. `/solicitud/abc`, `/0`, `/-3`, `/1.5`, `/1e3` or a number past the safe range never become
 * a request (Number('abc') is NaN and would reach the API as `/NaN`); pages show their not-found
 * state for null instead.
 */
export function parseRouteId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The id in route parameter `name` (e.g. 'solicitudId'), or null when it is missing or not a valid id. */
export function useRouteId(name: string): number | null {
  return parseRouteId(useParams()[name]);
}
