import type { ReactNode } from 'react';
import { Stack, Text } from '@chakra-ui/react';

/** One figure of a card: a small muted label over its value (the plan's prices, a company's health). */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0" minW="0">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold">{children}</Text>
    </Stack>
  );
}
