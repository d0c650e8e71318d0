import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PositionRow } from '#domain/access-responses';
import { POSITION_NAME_MAX, POSITION_NAME_MIN, positionCreateSchema } from '#domain/schemas/positions';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { positionsQuery, useCreatePosition, useDeletePosition, useUpdatePosition } from './cargos-api.ts';
import { RenamePositionDialog } from './rename-position-dialog.tsx';

/** docs/product.md §2 config cargos: the company's positions; create, rename, disable, delete. */
export function CargosPage() {
  const { t } = useTranslation();
  const query = useQuery(positionsQuery);
  return (
    <Stack gap="4">
      <PageHeader title={t('config_positions_ui.title')} subtitle={t('config_positions_ui.intro')} />
      <NewPositionForm />
      <QueryState query={query}>{(rows) => <PositionsTable rows={rows} />}</QueryState>
    </Stack>
  );
}

function NewPositionForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePosition();
  const submit = () => {
    const checked = validate(positionCreateSchema, { name }, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: () => {
        setName('');
        showSuccessToast(t('config_positions_ui.created'));
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <HStack align="flex-end" gap="3" wrap="wrap">
            <Stack flex="1" minW="240px">
              <TextField
                label={t('config_positions_ui.name')}
                required
                value={name}
                onChange={setName}
                error={errors.name}
                helper={t('config_positions_ui.name_hint', { min: POSITION_NAME_MIN, max: POSITION_NAME_MAX })}
                testId="position-name"
              />
            </Stack>
            <Button
              type="submit"
              colorPalette="brand"
              minH="44px"
              loading={create.isPending}
              data-testid="position-add"
            >
              {t('config_positions_ui.add')}
            </Button>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function PositionsTable({ rows }: { rows: PositionRow[] }) {
  const { t } = useTranslation();
  const update = useUpdatePosition();
  const remove = useDeletePosition();
  const [renaming, setRenaming] = useState<PositionRow | null>(null);
  const [deleting, setDeleting] = useState<PositionRow | null>(null);
  if (rows.length === 0) return <Text color="fg.muted">{t('config_positions_ui.empty')}</Text>;
  const toggle = (p: PositionRow) =>
    update.mutate(
      { id: p.id, is_active: !p.is_active },
      { onSuccess: () => showSuccessToast(t('config_positions_ui.saved')) },
    );
  return (
    <>
      <Table.Root size="sm" aria-label={t('config_positions_ui.list')} data-testid="positions-table">
        <Table.Body>
          {rows.map((p) => (
            <Table.Row key={p.id} data-testid={`position-${p.id}`}>
              <Table.Cell>
                <Text fontWeight="medium" textDecoration={p.is_active ? undefined : 'line-through'}>
                  {p.name}
                </Text>
              </Table.Cell>
              <Table.Cell>{t('config_positions_ui.users', { count: p.users_count })}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={p.is_active ? 'green' : 'gray'}>
                  {t(p.is_active ? 'config_positions_ui.active' : 'config_positions_ui.disabled')}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <HStack
                  gap="2"
                  justify="flex-end"
                  wrap="wrap"
                  aria-label={t('config_positions_ui.actions_for', { name: p.name })}
                >
                  <Button size="sm" minH="44px" variant="outline" onClick={() => setRenaming(p)}>
                    {t('config_positions_ui.rename')}
                  </Button>
                  <Button size="sm" minH="44px" variant="outline" onClick={() => toggle(p)}>
                    {t(p.is_active ? 'config_positions_ui.disable' : 'config_positions_ui.enable')}
                  </Button>
                  <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => setDeleting(p)}>
                    {t('config_positions_ui.delete')}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <RenamePositionDialog position={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('config_positions_ui.delete_title')}
        body={t('config_positions_ui.delete_body', { name: deleting?.name ?? '' })}
        confirmLabel={t('config_positions_ui.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccessToast(t('config_positions_ui.deleted')),
            // A refusal (held by users) is the server's toast (docs/product.md §8): the dialog closes either way.
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
