import { useState } from 'react';
import { Alert, Badge, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_ACTIVE_FIELDS_PER_CATEGORY_MAX, CM_CATEGORY_NAME_MAX } from '#domain/cmanagement';
import type { CmCategoryRow } from '#domain/cmanagement-responses';
import { cmCategorySchema } from '#domain/schemas/cmanagement';
import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { categoriesQuery, useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/config.ts';
import { CmConfigTabs } from './config-tabs.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';

const T = 'cmanagement_ui.config.categories';

/**
 * config/cmanagement/categories (docs/product.md §3 Category): the categories tickets are filed under, with their
 * ticket and active-field counts; a disabled one takes no new tickets and keeps its own.
 */
export function CategoriesConfigPage() {
  const { t } = useTranslation();
  const query = useQuery(categoriesQuery());
  const [editing, setEditing] = useState<CmCategoryRow | 'new' | null>(null);
  return (
    <CmConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader
          title={t(`${T}.title`)}
          subtitle={t(`${T}.intro`)}
          actions={
            <Button colorPalette="brand" minH="44px" onClick={() => setEditing('new')} data-testid="category-new">
              {t(`${T}.new`)}
            </Button>
          }
        />
        <QueryState query={query}>{(rows) => <CategoryList rows={rows} onRename={setEditing} />}</QueryState>
        <CategoryDialog category={editing} onClose={() => setEditing(null)} />
      </Stack>
    </CmConfigTabs>
  );
}

function CategoryList({ rows, onRename }: { rows: CmCategoryRow[]; onRename: (c: CmCategoryRow) => void }) {
  const { t } = useTranslation();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [deleting, setDeleting] = useState<CmCategoryRow | null>(null);
  const [refusal, setRefusal] = useState<{ category: CmCategoryRow; message: string } | null>(null);
  if (rows.length === 0) return <Text color="fg.muted">{t(`${T}.empty`)}</Text>;

  const toggle = (c: CmCategoryRow) =>
    update.mutate(
      { id: c.id, enabled: !c.enabled },
      {
        onSuccess: () =>
          showSuccessToast(t(c.enabled ? `${T}.disabled_toast` : `${T}.enabled_toast`, { name: c.name })),
        onError: (err) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
      },
    );
  const confirmDelete = (c: CmCategoryRow) =>
    remove.mutate(c.id, {
      onSuccess: () => {
        setRefusal(null);
        showSuccessToast(t(`${T}.deleted`, { name: c.name }));
      },
      // 409 while it holds tickets: the server's words beside the row, with the way out (disable it).
      onError: (err) => setRefusal({ category: c, message: isApiError(err) ? err.message : t('validation.invalid') }),
      onSettled: () => setDeleting(null),
    });

  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t(`${T}.list`)} data-testid="categories-list">
      {rows.map((c) => (
        <Card.Root as="li" key={c.id} size="sm" data-testid={`category-${c.id}`}>
          <Card.Body>
            <Flex gap="3" align="center" wrap="wrap">
              <Stack gap="1" flex="1" minW="200px">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{c.name}</Text>
                  <Badge colorPalette={c.enabled ? 'green' : 'gray'} data-testid="category-state">
                    {t(c.enabled ? `${T}.enabled` : `${T}.disabled`)}
                  </Badge>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {t(`${T}.tickets`, { count: c.ticket_count })} ·{' '}
                  {t(`${T}.active_fields`, { count: c.active_field_count, max: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX })}
                </Text>
                {!c.enabled ? (
                  <Text textStyle="xs" color="fg.muted">
                    {t(`${T}.disabled_hint`)}
                  </Text>
                ) : null}
              </Stack>
              <HStack gap="2" wrap="wrap" aria-label={t(`${T}.actions_for`, { name: c.name })} role="group">
                <Button size="sm" minH="44px" variant="outline" onClick={() => onRename(c)}>
                  {t(`${T}.rename`)}
                </Button>
                <Button
                  size="sm"
                  minH="44px"
                  variant="outline"
                  loading={update.isPending && update.variables?.id === c.id}
                  onClick={() => toggle(c)}
                  data-testid="category-toggle"
                >
                  {t(c.enabled ? `${T}.disable` : `${T}.enable`)}
                </Button>
                <Button
                  size="sm"
                  minH="44px"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setDeleting(c)}
                  data-testid="category-delete"
                >
                  {t(`${T}.delete`)}
                </Button>
              </HStack>
            </Flex>
            {refusal?.category.id === c.id ? (
              <Alert.Root status="warning" mt="3" data-testid="category-delete-refused">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{refusal.message}</Alert.Description>
                </Alert.Content>
                {c.enabled ? (
                  <Button size="sm" minH="44px" variant="outline" onClick={() => toggle(c)}>
                    {t(`${T}.disable`)}
                  </Button>
                ) : null}
              </Alert.Root>
            ) : null}
          </Card.Body>
        </Card.Root>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${T}.delete_title`)}
        body={t(`${T}.delete_body`, { name: deleting?.name ?? '' })}
        confirmLabel={t(`${T}.delete`)}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Stack>
  );
}

/** Creates a category, or renames one, under the shared name rules (domain/schemas/cmanagement.ts). */
function CategoryDialog({ category, onClose }: { category: CmCategoryRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isNew = category === 'new';
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shownFor, setShownFor] = useState<typeof category>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  if (category !== shownFor) {
    setShownFor(category);
    setName(category && category !== 'new' ? category.name : '');
    setErrors({});
  }
  const submit = () => {
    const checked = validate(cmCategorySchema.pick({ name: true }), { name }, t);
    if (!checked.ok) return setErrors(checked.errors);
    const done = {
      onSuccess: () => {
        showSuccessToast(t(isNew ? `${T}.created` : `${T}.saved`));
        onClose();
      },
      onError: (err: unknown) => setErrors(serverFieldErrors(err)),
    };
    if (isNew) create.mutate({ name: checked.data.name }, done);
    else if (category) update.mutate({ id: category.id, name: checked.data.name }, done);
  };
  return (
    <FormDialog
      open={category !== null}
      title={t(isNew ? `${T}.new` : `${T}.rename_title`)}
      submitLabel={t(isNew ? `${T}.create` : `${T}.rename`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="category-dialog"
    >
      <TextField
        label={t(`${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={CM_CATEGORY_NAME_MAX}
        error={errors.name}
        testId="category-name"
      />
    </FormDialog>
  );
}
