import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  catalogueItemPatchSchema,
  catalogueItemSchema,
  catalogueNodePatchSchema,
  catalogueNodeSchema,
  failureTypePatchSchema,
  failureTypeSchema,
} from '#domain/schemas/deliveries';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { catalogueQuery, CHILD, useCatalogueNodes } from './catalogue-api.ts';
import type { Level } from './catalogue-types.ts';
import { NodeDialog, type NodeFields } from './node-dialog.tsx';

type Parent = keyof typeof CHILD;
type Editing = {
  title: string;
  initial: NodeFields;
  schema: z.ZodType;
  save: (input: Record<string, unknown>) => Promise<unknown>;
};
const CREATE: Record<Level, z.ZodType> = {
  areas: catalogueNodeSchema,
  lugares: catalogueNodeSchema,
  items: catalogueItemSchema,
  fallas: failureTypeSchema,
};
const PATCH: Record<Level, z.ZodType> = {
  areas: catalogueNodePatchSchema,
  lugares: catalogueNodePatchSchema,
  items: catalogueItemPatchSchema,
  fallas: failureTypePatchSchema,
};
const blankOf = (level: Level): NodeFields =>
  level === 'items' ? { name: '', category: '' } : level === 'fallas' ? { name: '', severity: '' } : { name: '' };
const clean = (f: NodeFields) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'surface'));

/** docs/product.md §2 unit type configuration: areas → places → items → failures with severity, of one unit type. */
export function CatalogueTree({ unitTypeId }: { unitTypeId: number }) {
  const { t } = useTranslation();
  const query = useQuery(catalogueQuery(unitTypeId));
  const nodes = useCatalogueNodes(unitTypeId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const add = (parent: Parent, parentId: number) => {
    const level = CHILD[parent];
    setEditing({
      title: t(`deliveries_ui.catalogue.add_${level}`),
      initial: blankOf(level),
      schema: CREATE[level],
      save: (input) => nodes.create.mutateAsync({ parent, parentId, input }),
    });
  };
  const edit = (level: Level, node: { id: number } & NodeFields) => {
    const initial = {
      ...blankOf(level),
      name: node.name,
      ...(node.category !== undefined ? { category: node.category } : {}),
      ...(node.severity !== undefined ? { severity: node.severity } : {}),
    };
    setEditing({
      title: t('deliveries_ui.actions.edit'),
      initial,
      schema: PATCH[level],
      save: (input) => nodes.update.mutateAsync({ level, id: node.id, input }),
    });
  };
  const remove = (level: Level, id: number) => nodes.remove.mutate({ level, id });

  if (query.isPending) return <PageSpinner minH="20vh" />;
  const row = (
    level: Level,
    node: { id: number; disabled?: boolean } & NodeFields,
    depth: number,
    extra?: string,
    child?: Parent,
  ) => (
    <HStack
      justify="space-between"
      pl={depth * 4}
      py="1"
      borderBottomWidth="1px"
      data-testid={`node-${level}-${node.id}`}
    >
      <HStack gap="2" minW="0">
        <Text textStyle="sm" truncate fontWeight={depth === 0 ? 'semibold' : 'normal'}>
          {node.name}
        </Text>
        {extra ? (
          <Badge size="sm" variant="subtle">
            {extra}
          </Badge>
        ) : null}
        {node.disabled ? (
          <Badge size="sm" colorPalette="gray">
            {t('deliveries_ui.catalogue.disabled')}
          </Badge>
        ) : null}
      </HStack>
      <HStack gap="0">
        {child ? (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t(`deliveries_ui.catalogue.add_${CHILD[child]}`)}
            onClick={() => add(child, node.id)}
          >
            <Plus size={14} />
          </IconButton>
        ) : null}
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('deliveries_ui.actions.edit')}
          onClick={() => edit(level, node)}
        >
          <Pencil size={14} />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('deliveries_ui.actions.delete')}
          onClick={() => remove(level, node.id)}
        >
          <Trash2 size={14} />
        </IconButton>
      </HStack>
    </HStack>
  );
  return (
    <Stack gap="2">
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => add('tipos-unidad', unitTypeId)}
        data-testid="add-area"
      >
        <Plus size={14} />
        {t('deliveries_ui.catalogue.add_areas')}
      </Button>
      {!query.data?.areas.length ? (
        <Text color="fg.muted" textStyle="sm">
          {t('deliveries_ui.catalogue.empty')}
        </Text>
      ) : null}
      <Box>
        {query.data?.areas.map((a) => (
          <Box key={a.id}>
            {row('areas', a, 0, undefined, 'areas')}
            {a.places.map((p) => (
              <Box key={p.id}>
                {row('lugares', p, 1, undefined, 'lugares')}
                {p.items.map((i) => (
                  <Box key={i.id}>
                    {row('items', i, 2, i.category, 'items')}
                    {i.failures.map((f) => (
                      <Box key={f.id}>{row('fallas', f, 3, t(`after_sales.severities.${f.severity}`))}</Box>
                    ))}
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      {editing ? (
        <NodeDialog
          open
          title={editing.title}
          initial={editing.initial}
          schema={editing.schema}
          toInput={clean}
          onSave={editing.save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
