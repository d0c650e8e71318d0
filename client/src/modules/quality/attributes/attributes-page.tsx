import { useState } from 'react';
import { Badge, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUALITY_EDIT, ATTRIBUTE_NAME_MAX, ATTRIBUTE_VALUE_MAX } from '#domain/quality';
import type { QualityAttribute } from '#domain/quality-responses';
import { attributeSchema, attributeValueSchema } from '#domain/schemas/quality';
import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import {
  attributesQuery,
  useAddValue,
  useAddValues,
  useCreateAttribute,
  useDeleteAttribute,
  useDeleteValue,
  useRenameAttribute,
  useRenameValue,
} from '../api/attributes.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { useResetOn } from './use-reset-on.ts';

const T = 'quality_ui.attributes';

type Value = QualityAttribute['values'][number];
/** What a name dialog edits: a new attribute, an attribute's name, a new value of one, or a value's name. */
type NameTarget =
  | { kind: 'attribute' }
  | { kind: 'rename_attribute'; attribute: QualityAttribute }
  | { kind: 'value'; attribute: QualityAttribute }
  | { kind: 'rename_value'; attribute: QualityAttribute; value: Value };
type DeleteTarget = { attribute: QualityAttribute; value?: Value };

/**
 * config/calidad/attributes (docs/product.md §2, §3 Attribute and attribute value): the company's attributes
 * (tower, floor, zone…) and their values, which activities are tagged and filtered with. Read-only without
 * calidad_editar.
 */
export function AttributesPage() {
  const { t } = useTranslation();
  const query = useQuery(attributesQuery());
  const canEdit = useCan(QUALITY_EDIT);
  const [naming, setNaming] = useState<NameTarget | null>(null);
  const [bulkFor, setBulkFor] = useState<QualityAttribute | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  return (
    <Stack gap="4">
      <PageHeader
        title={t(`${T}.title`)}
        subtitle={t(`${T}.intro`)}
        actions={
          canEdit ? (
            <Button
              colorPalette="brand"
              minH="44px"
              onClick={() => setNaming({ kind: 'attribute' })}
              data-testid="attribute-new"
            >
              {t(`${T}.new`)}
            </Button>
          ) : undefined
        }
      />
      {!canEdit ? (
        <Text textStyle="sm" color="fg.muted" data-testid="attributes-read-only">
          {t(`${T}.read_only`)}
        </Text>
      ) : null}
      <QueryState query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <Text color="fg.muted" data-testid="attributes-empty">
              {t(canEdit ? `${T}.empty` : `${T}.empty_read_only`)}
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={t(`${T}.list`)}>
              {rows.map((a) => (
                <AttributeCard
                  key={a.id}
                  attribute={a}
                  canEdit={canEdit}
                  onName={setNaming}
                  onBulk={setBulkFor}
                  onDelete={setDeleting}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <NameDialog target={naming} onClose={() => setNaming(null)} />
      <BulkValuesDialog attribute={bulkFor} onClose={() => setBulkFor(null)} />
      <DeleteDialog target={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function AttributeCard({
  attribute: a,
  canEdit,
  onName,
  onBulk,
  onDelete,
}: {
  attribute: QualityAttribute;
  canEdit: boolean;
  onName: (t: NameTarget) => void;
  onBulk: (a: QualityAttribute) => void;
  onDelete: (t: DeleteTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root as="li" size="sm" data-testid={`attribute-${a.id}`}>
      <Card.Header>
        <Flex gap="3" align="center" wrap="wrap">
          <Stack gap="0" flex="1" minW="180px">
            <Text fontWeight="semibold" textStyle="lg">
              {a.name}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {t(`${T}.value_count`, { count: a.values.length })}
            </Text>
          </Stack>
          {canEdit ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label={t(`${T}.actions_for`, { name: a.name })}>
              <Button
                size="sm"
                minH="44px"
                variant="outline"
                onClick={() => onName({ kind: 'value', attribute: a })}
                data-testid="value-new"
              >
                {t(`${T}.add_value`)}
              </Button>
              <Button size="sm" minH="44px" variant="outline" onClick={() => onBulk(a)} data-testid="values-bulk">
                {t(`${T}.add_values`)}
              </Button>
              <Button
                size="sm"
                minH="44px"
                variant="ghost"
                onClick={() => onName({ kind: 'rename_attribute', attribute: a })}
                data-testid="attribute-rename"
              >
                {t(`${T}.rename`)}
              </Button>
              <Button
                size="sm"
                minH="44px"
                variant="ghost"
                colorPalette="red"
                onClick={() => onDelete({ attribute: a })}
                data-testid="attribute-delete"
              >
                {t(`${T}.delete`)}
              </Button>
            </HStack>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {a.values.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t(`${T}.no_values`)}
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" aria-label={t(`${T}.values_of`, { name: a.name })}>
            {a.values.map((v) => (
              <Flex
                as="li"
                key={v.id}
                gap="2"
                align="center"
                wrap="wrap"
                py="1"
                borderTopWidth="1px"
                data-testid={`value-${v.id}`}
              >
                <Text flex="1" minW="120px">
                  {v.name}
                </Text>
                <Badge colorPalette={v.activity_count > 0 ? 'blue' : 'gray'} variant="subtle">
                  {t(`${T}.activity_count`, { count: v.activity_count })}
                </Badge>
                {canEdit ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      minH="36px"
                      variant="ghost"
                      onClick={() => onName({ kind: 'rename_value', attribute: a, value: v })}
                      data-testid="value-rename"
                    >
                      {t(`${T}.rename`)}
                    </Button>
                    <Button
                      size="xs"
                      minH="36px"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => onDelete({ attribute: a, value: v })}
                      data-testid="value-delete"
                    >
                      {t(`${T}.delete`)}
                    </Button>
                  </HStack>
                ) : null}
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One name: a new attribute or value, or a new name for one (domain/schemas/quality.ts rules, the server's 422s). */
function NameDialog({ target, onClose }: { target: NameTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useResetOn(target, () => {
    setName(
      target?.kind === 'rename_attribute'
        ? target.attribute.name
        : target?.kind === 'rename_value'
          ? target.value.name
          : '',
    );
    setErrors({});
  });
  const create = useCreateAttribute();
  const rename = useRenameAttribute();
  const addValue = useAddValue();
  const renameValue = useRenameValue();
  const isValue = target?.kind === 'value' || target?.kind === 'rename_value';
  const submit = () => {
    if (!target) return;
    const checked = validate(isValue ? attributeValueSchema : attributeSchema, { name }, t);
    if (!checked.ok) return setErrors(checked.errors);
    const done = {
      onSuccess: () => {
        showSuccessToast(t(`${T}.saved`));
        onClose();
      },
      onError: (err: unknown) => {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        else showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);
      },
    };
    const value = checked.data.name;
    if (target.kind === 'attribute') create.mutate(value, done);
    else if (target.kind === 'rename_attribute') rename.mutate({ id: target.attribute.id, name: value }, done);
    else if (target.kind === 'value') addValue.mutate({ id: target.attribute.id, name: value }, done);
    else renameValue.mutate({ id: target.attribute.id, valueId: target.value.id, name: value }, done);
  };
  const titles = {
    attribute: t(`${T}.new`),
    rename_attribute: t(`${T}.rename_attribute`),
    value: t(`${T}.new_value_of`, { name: target && 'attribute' in target ? target.attribute.name : '' }),
    rename_value: t(`${T}.rename_value`),
  };
  return (
    <FormDialog
      open={target !== null}
      title={target ? titles[target.kind] : ''}
      submitLabel={t(target?.kind === 'attribute' || target?.kind === 'value' ? `${T}.create` : `${T}.save`)}
      busy={create.isPending || rename.isPending || addValue.isPending || renameValue.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="attribute-name-dialog"
    >
      <TextField
        label={t(isValue ? `${T}.value_name` : `${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={isValue ? ATTRIBUTE_VALUE_MAX : ATTRIBUTE_NAME_MAX}
        error={errors.name}
        testId="attribute-name-input"
      />
    </FormDialog>
  );
}

/** Several values, one per line: blank lines are skipped; the server refuses them all if one line is wrong. */
function BulkValuesDialog({ attribute, onClose }: { attribute: QualityAttribute | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [names, setNames] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  useResetOn(attribute, () => {
    setNames('');
    setErrors([]);
  });
  const add = useAddValues();
  const lines = names.split('\n').filter((l) => l.trim() !== '').length;
  const submit = () => {
    if (!attribute) return;
    if (lines === 0) return setErrors([t('validation.required')]);
    add.mutate(
      { id: attribute.id, names },
      {
        onSuccess: () => {
          showSuccessToast(t(`${T}.values_created`, { count: lines }));
          onClose();
        },
        onError: (err) =>
          setErrors(isApiError(err) && err.errors.length ? err.errors.map(String) : [t('common.error_default')]),
      },
    );
  };
  return (
    <FormDialog
      open={attribute !== null}
      title={t(`${T}.add_values_of`, { name: attribute?.name ?? '' })}
      submitLabel={t(`${T}.create_values`, { count: lines })}
      busy={add.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="values-bulk-dialog"
    >
      <TextAreaField
        label={t(`${T}.values_per_line`)}
        helper={t(`${T}.values_per_line_hint`)}
        required
        rows={8}
        value={names}
        onChange={setNames}
        error={
          errors.length === 1 ? errors[0] : errors.length ? t(`${T}.lines_wrong`, { count: errors.length }) : undefined
        }
        testId="values-bulk-input"
      />
      {errors.length > 1 ? (
        <Stack as="ul" gap="0" ps="4" color="fg.error" textStyle="sm" data-testid="values-bulk-errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </Stack>
      ) : null}
    </FormDialog>
  );
}

/** Deleting takes the value (or all the attribute's values) off the activities holding it: the dialog says how many. */
function DeleteDialog({ target, onClose }: { target: DeleteTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const removeAttribute = useDeleteAttribute();
  const removeValue = useDeleteValue();
  const used = target
    ? target.value
      ? target.value.activity_count
      : target.attribute.values.reduce((n, v) => n + v.activity_count, 0)
    : 0;
  const name = target?.value?.name ?? target?.attribute.name ?? '';
  const done = {
    onSuccess: () => showSuccessToast(t(`${T}.deleted`, { name })),
    onError: (err: unknown) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
    onSettled: onClose,
  };
  const confirm = () => {
    if (!target) return;
    if (target.value) removeValue.mutate({ id: target.attribute.id, valueId: target.value.id }, done);
    else removeAttribute.mutate(target.attribute.id, done);
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={t(target?.value ? `${T}.delete_value_title` : `${T}.delete_attribute_title`)}
      body={t(target?.value ? `${T}.delete_value_body` : `${T}.delete_attribute_body`, { name, count: used })}
      confirmLabel={t(`${T}.delete`)}
      danger
      busy={removeAttribute.isPending || removeValue.isPending}
      onClose={onClose}
      onConfirm={confirm}
      testId="attribute-delete-dialog"
    />
  );
}
