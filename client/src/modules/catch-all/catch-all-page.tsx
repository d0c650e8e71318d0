import { Button, Center, EmptyState, VStack } from '@chakra-ui/react';
import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** docs/product.md §2: unknown paths reach this page. */
export function CatchAllPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Center minH="100dvh" bg="bg.subtle" px="4">
      <EmptyState.Root size="lg" data-testid="catch-all">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <MapPinOff />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="2">
            <EmptyState.Title as="h1">{t('app.not_found.title')}</EmptyState.Title>
            <EmptyState.Description maxW="md" wordBreak="break-all">
              {t('app.not_found.body', { path: location.pathname })}
            </EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="brand">
            <Link to="/home">{t('app.not_found.home')}</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Center>
  );
}
