import { Text } from '@chakra-ui/react';
import { dateLocaleOf, formatDate } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/session-store.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '5 minutes ago' in the UI language: the largest unit that fits. */
export function relativeText(iso: string, locale: Parameters<typeof dateLocaleOf>[0], now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[UNITS.length - 1];
  return new Intl.RelativeTimeFormat(dateLocaleOf(locale), { numeric: 'auto' }).format(
    Math.round(seconds / size),
    unit,
  );
}

/** An instant as how long ago, then its date and time (client/src/shared/format.ts), in a <time>. */
export function When({ iso }: { iso: string }) {
  const locale = useSession((s) => s.locale);
  const absolute = formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Text as="time" textStyle="xs" color="fg.muted" {...{ dateTime: iso }}>
      {relativeText(iso, locale)} · {absolute}
    </Text>
  );
}
