import type { ReactNode } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { NoPermissionPage, PageSpinner } from '../shared/layout/page-states.tsx';

type Props<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'refetch'>;
  minH?: string;
  children: (data: T) => ReactNode;
};

/**
 * A page's main query in its three states: the data once it is there, the spinner while it is not,
 * and, when the call failed, the no-permission state for a 403 (docs/product.md §6) or an error with a retry;
 * never a spinner that waits for an answer that already came.
 */
export function QueryState<T>({ query, minH, children }: Props<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!query.isError) return <PageSpinner minH={minH} />;
  if (isApiError(query.error) && query.error.status === 403) return <NoPermissionPage />;
  return (
    <Alert.Root status="error" data-testid="query-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.error_default')}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={() => void query.refetch()}>
        {t('app.retry')}
      </Button>
    </Alert.Root>
  );
}
