import type { ReactNode } from 'react';
import { Box, Button, Center, EmptyState, Heading, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { CloudOff, Hammer, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SPINNER_SIZE } from '#domain/limits';
import { matchTable } from '../route-tree.ts';
import { routeTitleKey } from '../route-manifest.ts';

/** docs/product.md §9 spinner (40 px), sized to the content area so the page does not jump when content arrives. */
export function PageSpinner({ minH = '60vh' }: { minH?: string }) {
  const { t } = useTranslation();
  return (
    <Center minH={minH} role="status" aria-live="polite">
      <Spinner
        size="lg"
        width={`${SPINNER_SIZE}px`}
        height={`${SPINNER_SIZE}px`}
        color="brand.solid"
        borderWidth="3px"
      />
      <Box srOnly>{t('app.loading')}</Box>
    </Center>
  );
}

function StateBlock({
  icon,
  title,
  description,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <EmptyState.Root size="lg" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center" gap="2">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description maxW="md">{description}</EmptyState.Description> : null}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Shown instead of a route the user may not open (docs/product.md §6): clear, not a crash. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <StateBlock
      testId="no-permission"
      icon={<Lock />}
      title={t('app.no_permission_title')}
      description={t('app.no_permission_body')}
    />
  );
}

/** A chunk that failed or timed out (docs/product.md §8 load error after 120 s). */
export function LoadErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateBlock
      testId="load-error"
      icon={<CloudOff />}
      title={t('app.load_error_title')}
      description={t('app.load_error_body')}
      action={
        <Button colorPalette="brand" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}

/** The title of the deepest matched table route: `routes.<name>.title`. */
export function useRouteTitle(): string | undefined {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = matchTable(pathname);
  const deepest = chain?.[chain.length - 1];
  return deepest ? t(routeTitleKey(deepest.node.name)) : undefined;
}

/** Module screens not built yet: the route exists with its permission and says so honestly. */
export function PendingPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Stack gap="6">
      {title ? (
        <Heading as="h1" size="xl">
          {title}
        </Heading>
      ) : null}
      <StateBlock
        testId="module-pending"
        icon={<Hammer />}
        title={t('app.pending_title')}
        description={t('app.pending_body')}
      />
    </Stack>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="3"
      mb="5"
    >
      <Box minW="0">
        <Heading as="h1" size="xl" lineClamp={1}>
          {title}
        </Heading>
        {subtitle ? (
          <Text color="fg.muted" textStyle="sm">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {actions}
    </Stack>
  );
}
