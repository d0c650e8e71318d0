/**
 * A VTIMEZONE for an IANA zone, as RFC 5545 asks of every TZID a calendar names (Outlook refuses a TZID it cannot
 * find; Google and Apple read the name). Built from the platform's own zone data (Intl), no rule tables: one
 * observance per offset change inside the window the calendar covers, or a single one when the zone keeps its offset.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The zone's offset from UTC at an instant, in minutes (Chile in winter: -240). */
export function offsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((local - Math.floor(at / 1000) * 1000) / MINUTE);
}

/** The instants in [from, to) where the zone's offset changes (to the minute). */
export function offsetChanges(timeZone: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let day = from; day < to; day += DAY) {
    const next = Math.min(day + DAY, to);
    if (offsetMinutes(timeZone, day) === offsetMinutes(timeZone, next)) continue;
    let [lo, hi] = [day, next];
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetMinutes(timeZone, mid) === offsetMinutes(timeZone, lo)) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const utcOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}${pad(minutes % 60)}`;
/** A local date-time as RFC 5545 writes it (20260405T000000), the instant seen at `offset`. */
function localStamp(at: number, offset: number) {
  const d = new Date(at + offset * MINUTE);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

function observance(at: number, before: number, after: number) {
  const kind = after > before ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(at, before)}`,
    `TZOFFSETFROM:${utcOffset(before)}`,
    `TZOFFSETTO:${utcOffset(after)}`,
    `TZNAME:${utcOffset(after)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE text of a zone over [from, to) (ical-generator's timezone generator, window bound). */
export function vtimezone(timeZone: string, from: number, to: number): string {
  // Whole hours: the search then lands on whole minutes (zones change on them).
  const start = Math.floor((from - DAY) / HOUR) * HOUR;
  const first = offsetMinutes(timeZone, start);
  const since1970 = Date.UTC(1970, 0, 1) - first * MINUTE;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...observance(since1970, first, first)];
  for (const at of offsetChanges(timeZone, start, to + DAY)) {
    lines.push(...observance(at, offsetMinutes(timeZone, at - MINUTE), offsetMinutes(timeZone, at)));
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
