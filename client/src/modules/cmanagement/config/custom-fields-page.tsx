import { useState } from 'react';
import { Alert, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CM_ACTIVE_FIELDS_PER_CATEGORY_MAX } from '#domain/cmanagement';
import type { CmCategoryRow, CmCustomFieldRow } from '#domain/cmanagement-responses';
import { isApiError } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { categoriesQuery, fieldsQuery, useDeleteField, useUpdateField } from '../api/config.ts';
import { CategoryPicker, useChosenCategory } from './category-picker.tsx';
import { CmConfigTabs } from './config-tabs.tsx';
import { FieldDialog } from './field-dialog.tsx';
import { SortableFieldList } from './sortable-field-list.tsx';

const T = 'cmanagement_ui.config.fields';

/**
 * config/cmanagement/custom-fields (docs/product.md §3 Custom field): one category's fields in their order, dragged
 * to reorder, created and edited in a dialog; the active ones are counted against the category's limit.
 */
export function CustomFieldsConfigPage() {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery());
  return (
    <CmConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader title={t(`${T}.title`)} subtitle={t(`${T}.intro`)} />
        <QueryState query={categories}>
          {(rows) => (rows.length === 0 ? <NoCategories /> : <CategoryFields rows={rows} />)}
        </QueryState>
      </Stack>
    </CmConfigTabs>
  );
}

export function NoCategories() {
  const { t } = useTranslation();
  return (
    <Stack gap="2" align="flex-start">
      <Text color="fg.muted">{t('cmanagement_ui.config.no_categories')}</Text>
      <Button asChild variant="outline" minH="44px">
        <RouterLink to="/config/cmanagement/categories">{t('cmanagement_ui.config.go_categories')}</RouterLink>
      </Button>
    </Stack>
  );
}

function CategoryFields({ rows }: { rows: CmCategoryRow[] }) {
  const { t } = useTranslation();
  const { chosen, choose } = useChosenCategory(rows);
  const fields = useQuery({ ...fieldsQuery(chosen!.id), enabled: chosen !== null });
  const [editing, setEditing] = useState<CmCustomFieldRow | 'new' | null>(null);
  if (!chosen) return null;
  const activeCount = fields.data?.filter((f) => f.active).length ?? chosen.active_field_count;
  const atLimit = activeCount >= CM_ACTIVE_FIELDS_PER_CATEGORY_MAX;
  return (
    <Stack gap="4">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="220px" maxW="md">
          <CategoryPicker rows={rows} value={chosen} onChange={choose} />
        </Box>
        <Text
          textStyle="sm"
          color={atLimit ? 'orange.fg' : 'fg.muted'}
          aria-live="polite"
          data-testid="fields-active-count"
        >
          {t(`${T}.active_count`, { count: activeCount, max: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX })}
        </Text>
        <Button colorPalette="brand" minH="44px" onClick={() => setEditing('new')} data-testid="field-new">
          {t(`${T}.new`)}
        </Button>
      </Flex>
      {atLimit ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t(`${T}.limit_reached`, { max: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX })}</Alert.Description>
        </Alert.Root>
      ) : null}
      <QueryState query={fields}>
        {(list) => <FieldRows categoryId={chosen.id} fields={list} onEdit={setEditing} />}
      </QueryState>
      <FieldDialog categoryId={chosen.id} field={editing} activeCount={activeCount} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function FieldRows({
  categoryId,
  fields,
  onEdit,
}: {
  categoryId: number;
  fields: CmCustomFieldRow[];
  onEdit: (f: CmCustomFieldRow) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteField(categoryId);
  const update = useUpdateField(categoryId);
  const [deleting, setDeleting] = useState<CmCustomFieldRow | null>(null);
  const [refusal, setRefusal] = useState<{ id: number; message: string } | null>(null);
  if (fields.length === 0) return <Text color="fg.muted">{t(`${T}.empty`)}</Text>;
  const deactivate = (f: CmCustomFieldRow) =>
    update.mutate(
      { id: f.id, input: { active: false } },
      {
        onSuccess: () => {
          setRefusal(null);
          showSuccessToast(t(`${T}.deactivated`, { name: f.name }));
        },
      },
    );
  return (
    <>
      <SortableFieldList
        categoryId={categoryId}
        fields={fields}
        renderActions={(f) => (
          <HStack gap="1" wrap="wrap" justify="flex-end">
            <Button size="sm" minH="44px" variant="outline" onClick={() => onEdit(f)} data-testid="field-edit">
              {t(`${T}.edit`)}
            </Button>
            <Button
              size="sm"
              minH="44px"
              variant="ghost"
              colorPalette="red"
              onClick={() => setDeleting(f)}
              data-testid="field-delete"
            >
              {t(`${T}.delete`)}
            </Button>
          </HStack>
        )}
        renderBelow={(f) =>
          refusal?.id === f.id ? (
            <Alert.Root status="warning" data-testid="field-delete-refused">
              <Alert.Indicator />
              <Alert.Description flex="1">{refusal.message}</Alert.Description>
              {f.active ? (
                <Button size="sm" minH="44px" variant="outline" onClick={() => deactivate(f)}>
                  {t(`${T}.deactivate`)}
                </Button>
              ) : null}
            </Alert.Root>
          ) : null
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${T}.delete_title`)}
        body={t(`${T}.delete_body`, { name: deleting?.name ?? '' })}
        confirmLabel={t(`${T}.delete`)}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccessToast(t(`${T}.deleted`, { name: deleting.name })),
            // 409 once answered: the server's words beside the field, with deactivation offered.
            onError: (err) =>
              setRefusal({ id: deleting.id, message: isApiError(err) ? err.message : t('validation.invalid') }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
