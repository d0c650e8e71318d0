import { Suspense, type ReactNode } from 'react';
import { Box, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from './chart-table.tsx';
import type { CanvasProps } from './chart-types.ts';
import { isEmptyChart } from './chart-format.ts';

type Props = CanvasProps & {
  label: string;
  xLabel?: string;
  height: number;
  testId?: string;
  /** The drawing (lazily loaded recharts); the frame shows a placeholder of the same height meanwhile. */
  children: ReactNode;
};

/**
 * What every chart looks like around its drawing: the full width of its container, a fixed plot height, the
 * drawing as one image named by `label`, and the same figures in a table for screen readers beside it (an
 * image's content is not read). With nothing to draw, a line saying so at the same height.
 */
export function ChartFrame({ label, xLabel, height, testId, children, ...figures }: Props) {
  const { t } = useTranslation();
  if (isEmptyChart(figures.data, figures.series))
    return (
      <Box
        data-testid={testId}
        data-empty="true"
        w="full"
        minH={`${Math.min(height, 120)}px`}
        display="flex"
        alignItems="center"
        justifyContent="center"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border.muted"
        borderRadius="md"
      >
        <Text color="fg.muted" textStyle="sm">
          {t('charts.empty')}
        </Text>
      </Box>
    );
  return (
    <Box data-testid={testId} w="full" minW="0" position="relative">
      <Box role="img" aria-label={label} w="full" style={{ height: `${height}px` }}>
        <Suspense fallback={<Skeleton h="full" w="full" borderRadius="md" />}>{children}</Suspense>
      </Box>
      <ChartTable caption={label} xLabel={xLabel ?? t('charts.category')} {...figures} />
    </Box>
  );
}
