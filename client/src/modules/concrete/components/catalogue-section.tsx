import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import type { Catalogue } from '../api/config.ts';
import { ActiveTag } from './state-tags.tsx';

type Row = { id: number; active: boolean };

type Props<R extends Row> = {
  /** Prefix of the section's test ids: `<testId>-section`, `<testId>-new`, `<testId>-<id>`, `<testId>-empty`. */
  testId: string;
  title: string;
  intro: string;
  query: Pick<UseQueryResult<R[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  canEdit: boolean;
  newLabel: string;
  onNew: () => void;
  emptyText: string;
  /** Shown under the empty text to an editor (e.g. "add the default elements"). */
  emptyAction?: ReactNode;
  /** The row's name, for its action group's label and the toasts. */
  nameOf: (row: R) => string;
  /** The row's content beside its actions. */
  render: (row: R) => ReactNode;
  onEdit: (row: R) => void;
  /** Enables or disables a row (PATCH active); rejects when the server refuses. */
  setActive: (row: R, active: boolean) => Promise<unknown>;
};

type EditorProps<R extends Row, C, U> = Pick<Props<R>, 'testId' | 'canEdit' | 'emptyAction' | 'nameOf' | 'render'> & {
  catalogue: Catalogue<R, C, U>;
  /** Locale prefix of the section's texts: `<texts>.title`, `.intro`, `.new` and `.empty` (unless emptyText). */
  texts: string;
  emptyText?: string;
  /** The create or edit dialog of an entry, mounted while open. */
  dialog: (entry: R | 'new', onClose: () => void) => ReactNode;
};

/**
 * A catalogue of config/hormigon with its editing: the section below, its query and active switch, and the dialog of
 * the entry being created or edited. Each catalogue screen passes only what differs: its texts, rows and dialog.
 */
export function CatalogueEditor<R extends Row, C, U extends { active?: boolean }>(props: EditorProps<R, C, U>) {
  const { t } = useTranslation();
  const { catalogue, texts, dialog, ...section } = props;
  const query = useQuery(catalogue.query());
  const update = catalogue.useUpdate();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  return (
    <>
      <CatalogueSection
        {...section}
        title={t(`${texts}.title`)}
        intro={t(`${texts}.intro`)}
        query={query}
        newLabel={t(`${texts}.new`)}
        onNew={() => setEditing('new')}
        emptyText={props.emptyText ?? t(`${texts}.empty`)}
        onEdit={setEditing}
        setActive={(row, active) => update.mutateAsync({ id: row.id, input: { active } as U })}
      />
      {editing ? dialog(editing, () => setEditing(null)) : null}
    </>
  );
}

/**
 * One catalogue of config/hormigon as a card: its rows with an edit button and an active switch, a "new" button,
 * and its empty, loading and error states. Without hormigon_editar the rows show their state as a tag and nothing
 * can be changed. Entries are disabled, never deleted (a placement may name them).
 */
function CatalogueSection<R extends Row>(props: Props<R>) {
  const { testId, title, intro, query, canEdit, newLabel, onNew, emptyText, emptyAction } = props;
  return (
    <Card.Root size="sm" data-testid={`${testId}-section`}>
      <Card.Header>
        <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="0.5" flex="1" minW="0">
            <Text as="h2" fontWeight="semibold" textStyle="lg">
              {title}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {intro}
            </Text>
          </Stack>
          {canEdit ? (
            <Button colorPalette="brand" variant="outline" minH="44px" onClick={onNew} data-testid={`${testId}-new`}>
              {newLabel}
            </Button>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="3">
        <QueryState query={query} minH="120px">
          {(rows) =>
            rows.length === 0 ? (
              <Stack gap="3" align="flex-start" data-testid={`${testId}-empty`}>
                <Text color="fg.muted">{emptyText}</Text>
                {canEdit ? emptyAction : null}
              </Stack>
            ) : (
              <Stack as="ul" gap="0" listStyleType="none" aria-label={title} data-testid={`${testId}-list`}>
                {rows.map((row) => (
                  <CatalogueRow key={row.id} row={row} {...props} />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function CatalogueRow<R extends Row>({
  row,
  testId,
  canEdit,
  nameOf,
  render,
  onEdit,
  setActive,
}: Props<R> & { row: R }) {
  const { t } = useTranslation();
  const name = nameOf(row);
  const toggle = (active: boolean) =>
    setActive(row, active).then(
      () => showSuccessToast(t(active ? 'concrete.config.enabled_toast' : 'concrete.config.disabled_toast', { name })),
      (err: unknown) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
    );
  return (
    <Flex
      as="li"
      gap="3"
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0, pt: 0 }}
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      data-testid={`${testId}-${row.id}`}
      data-active={row.active}
    >
      <Stack gap="1" flex="1" minW="0" color={row.active ? undefined : 'fg.muted'}>
        {render(row)}
      </Stack>
      {canEdit ? (
        <HStack gap="3" wrap="wrap" role="group" aria-label={t('concrete.config.actions_for', { name })}>
          <ToggleInput
            label={t('concrete.config.active')}
            checked={row.active}
            onChange={toggle}
            name={`${testId}-${row.id}-active`}
          />
          <Button size="sm" minH="44px" variant="outline" onClick={() => onEdit(row)} data-testid={`${testId}-edit`}>
            {t('concrete.config.edit')}
          </Button>
        </HStack>
      ) : (
        <ActiveTag active={row.active} />
      )}
    </Flex>
  );
}
