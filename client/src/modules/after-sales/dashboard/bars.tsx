import { Box, Grid, Text } from '@chakra-ui/react';
import { formatNumber } from '../../../shared/format.ts';

export type Bar = { label: string; value: number; color?: string; hint?: string };

/**
 * Horizontal bars in plain CSS: light, accessible (a list of label and value), and enough for the
 * counts and times of the dashboards; it travels in the dashboards' own lazy chunk.
 */
export function BarList({ bars, unit, testId }: { bars: Bar[]; unit?: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Box as="ul" listStyleType="none" m="0" p="0" data-testid={testId}>
      {bars.map((b) => (
        <Grid
          as="li"
          key={b.label}
          templateColumns="minmax(90px, 38%) 1fr auto"
          gap="2"
          alignItems="center"
          py="1"
          title={b.hint}
        >
          <Text textStyle="sm" truncate>
            {b.label}
          </Text>
          <Box h="3" bg="bg.muted" borderRadius="sm" overflow="hidden" aria-hidden="true">
            <Box
              h="full"
              borderRadius="sm"
              style={{
                width: `${(b.value / max) * 100}%`,
                backgroundColor: b.color ?? 'var(--chakra-colors-brand-solid)',
              }}
            />
          </Box>
          <Text textStyle="sm" fontWeight="semibold" minW="12" textAlign="end">
            {formatNumber(b.value, { precision: Number.isInteger(b.value) ? 0 : 1 })}
            {unit ? ` ${unit}` : ''}
          </Text>
        </Grid>
      ))}
    </Box>
  );
}

/** One stacked bar (e.g. on time vs overdue) with its legend. */
export function StackedBar({
  parts,
  label,
}: {
  parts: { label: string; value: number; color: string }[];
  label: string;
}) {
  const total = parts.reduce((n, p) => n + p.value, 0);
  return (
    <Box>
      <Box display="flex" h="4" borderRadius="sm" overflow="hidden" bg="bg.muted" role="img" aria-label={label}>
        {parts.map((p) =>
          total ? (
            <Box key={p.label} style={{ width: `${(p.value / total) * 100}%`, backgroundColor: p.color }} />
          ) : null,
        )}
      </Box>
      <Box display="flex" gap="4" mt="2" flexWrap="wrap">
        {parts.map((p) => (
          <Box key={p.label} display="flex" alignItems="center" gap="1.5" textStyle="sm">
            <Box boxSize="2.5" borderRadius="full" style={{ backgroundColor: p.color }} />
            {p.label}: <b>{formatNumber(p.value, { precision: 0 })}</b>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
