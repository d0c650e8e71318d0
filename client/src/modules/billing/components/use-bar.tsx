import { Progress, Stack, Text } from '@chakra-ui/react';
import { limitShare, type LimitUse } from '../billing-figures.ts';

/** Darker than fg.error, which misses the contrast ratio on the page's background (as cbox's quota bar). */
export const OVER_COLOR = 'red.700';

/**
 * A limit's use as text and a bar: "12 / 15", red once it goes over. Without a limit there is no bar, only the text.
 * `label` names the bar for assistive technology (the limit's scope and name).
 */
export function UseBar({ use, text, label, testId }: { use: LimitUse; text: string; label: string; testId?: string }) {
  const { percent, over } = limitShare(use);
  return (
    <Stack gap="1" minW="0" data-testid={testId} data-over={over || undefined}>
      <Text textStyle="sm" fontWeight={over ? 'semibold' : undefined} color={over ? OVER_COLOR : 'fg.muted'}>
        {text}
      </Text>
      {percent !== null ? (
        <Progress.Root value={percent} size="sm" colorPalette={over ? 'red' : 'brand'}>
          <Progress.Track aria-label={label}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
    </Stack>
  );
}
