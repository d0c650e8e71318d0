import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Local calendar of the company's country: dates shown, grouped (weeks) and filtered there. */
export const COUNTRY_TZ: Record<string, string> = { CL: 'America/Santiago', BR: 'America/Sao_Paulo', PE: 'America/Lima', CO: 'America/Bogota', MX: 'America/Mexico_City' };
export const tzOf = (country: string | null | undefined) => COUNTRY_TZ[country ?? 'CL'] ?? 'America/Santiago';

export { dayjs };
