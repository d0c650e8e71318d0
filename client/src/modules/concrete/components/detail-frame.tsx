import type { ReactNode } from 'react';
import { Link, Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../widgets/query-state.tsx';

/** A record's page (a placement, a batch): a link back to its list above the record once loaded. */
export function DetailFrame<T>(props: {
  back: { to: string; label: string };
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'refetch'>;
  children: (record: T) => ReactNode;
}) {
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }}>
      <Link asChild alignSelf="start" textStyle="sm">
        <RouterLink to={props.back.to}>
          <ArrowLeft size={14} aria-hidden="true" />
          {props.back.label}
        </RouterLink>
      </Link>
      <QueryState query={props.query}>{props.children}</QueryState>
    </Stack>
  );
}
