import { useState } from 'react';
import { Alert, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_TASK_DEPTH_MAX } from '#domain/cmanagement';
import type { CmCategoryRow, CmTaskTemplateRow } from '#domain/cmanagement-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { categoriesQuery, templatesQuery, useDeleteTemplate } from '../api/config.ts';
import { CategoryPicker, useChosenCategory } from './category-picker.tsx';
import { CmConfigTabs } from './config-tabs.tsx';
import { NoCategories } from './custom-fields-page.tsx';
import { TemplateDialog, type TemplateEdit } from './template-dialog.tsx';

const T = 'cmanagement_ui.config.templates';

/**
 * config/cmanagement/tasks: each category's plan of tasks and subtasks, copied onto every new ticket of that
 * category (server/src/modules/cmanagement/tasks/templates.ts), dated from the ticket's start.
 */
export function TaskTemplatesConfigPage() {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery());
  return (
    <CmConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader title={t(`${T}.title`)} subtitle={t(`${T}.intro`)} />
        <QueryState query={categories}>
          {(rows) => (rows.length === 0 ? <NoCategories /> : <CategoryTemplates rows={rows} />)}
        </QueryState>
      </Stack>
    </CmConfigTabs>
  );
}

function CategoryTemplates({ rows }: { rows: CmCategoryRow[] }) {
  const { t } = useTranslation();
  const { chosen, choose } = useChosenCategory(rows);
  const templates = useQuery({ ...templatesQuery(chosen!.id), enabled: chosen !== null });
  const [edit, setEdit] = useState<TemplateEdit>(null);
  const [deleting, setDeleting] = useState<CmTaskTemplateRow | null>(null);
  const remove = useDeleteTemplate(chosen?.id ?? 0);
  if (!chosen) return null;
  return (
    <Stack gap="4">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="220px" maxW="md">
          <CategoryPicker rows={rows} value={chosen} onChange={choose} />
        </Box>
        <Button colorPalette="brand" minH="44px" onClick={() => setEdit({ parent: null })} data-testid="template-new">
          {t(`${T}.new`)}
        </Button>
      </Flex>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{t(`${T}.applied_hint`, { name: chosen.name })}</Alert.Description>
      </Alert.Root>
      <QueryState query={templates}>
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">{t(`${T}.empty`)}</Text>
          ) : (
            <TemplateTree
              all={list}
              parentId={null}
              depth={1}
              onAddSub={(parent) => setEdit({ parent })}
              onEdit={(template) => setEdit({ template })}
              onDelete={setDeleting}
            />
          )
        }
      </QueryState>
      <TemplateDialog categoryId={chosen.id} edit={edit} onClose={() => setEdit(null)} />
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
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  );
}

type TreeProps = {
  all: CmTaskTemplateRow[];
  parentId: number | null;
  depth: number;
  onAddSub: (parent: CmTaskTemplateRow) => void;
  onEdit: (t: CmTaskTemplateRow) => void;
  onDelete: (t: CmTaskTemplateRow) => void;
};

/** One level of the plan, by position; each template's subtemplates nest under it (at most CM_TASK_DEPTH_MAX deep). */
function TemplateTree({ all, parentId, depth, onAddSub, onEdit, onDelete }: TreeProps) {
  const { t } = useTranslation();
  const level = all.filter((x) => x.parent_id === parentId).sort((a, b) => a.position - b.position || a.id - b.id);
  if (level.length === 0) return null;
  return (
    <Stack
      as={depth === 1 ? 'ol' : 'ul'}
      aria-label={depth === 1 ? t(`${T}.list`) : undefined}
      gap="2"
      listStyleType="none"
      m="0"
      ps={depth === 1 ? '0' : { base: '3', md: '6' }}
      borderStartWidth={depth === 1 ? undefined : '2px'}
      data-testid={depth === 1 ? 'templates-tree' : undefined}
    >
      {level.map((tpl) => (
        <Box as="li" key={tpl.id} data-testid={`template-${tpl.id}`}>
          <Flex gap="2" align="center" wrap="wrap" p="2" borderWidth="1px" borderRadius="l2">
            <Stack gap="0" flex="1" minW="160px">
              <Text fontWeight="medium">{tpl.name}</Text>
              <Text textStyle="xs" color="fg.muted">
                {t(`${T}.timing`, { offset: tpl.start_offset_days, count: tpl.duration_days })}
              </Text>
            </Stack>
            <HStack gap="1" wrap="wrap">
              {depth < CM_TASK_DEPTH_MAX ? (
                <Button
                  size="sm"
                  minH="44px"
                  variant="outline"
                  onClick={() => onAddSub(tpl)}
                  data-testid="template-add-sub"
                >
                  {t(`${T}.add_sub`)}
                </Button>
              ) : null}
              <Button size="sm" minH="44px" variant="outline" onClick={() => onEdit(tpl)}>
                {t(`${T}.edit`)}
              </Button>
              <Button size="sm" minH="44px" variant="ghost" colorPalette="red" onClick={() => onDelete(tpl)}>
                {t(`${T}.delete`)}
              </Button>
            </HStack>
          </Flex>
          {all.some((x) => x.parent_id === tpl.id) ? (
            <Box mt="2">
              <TemplateTree
                all={all}
                parentId={tpl.id}
                depth={depth + 1}
                onAddSub={onAddSub}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </Box>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
