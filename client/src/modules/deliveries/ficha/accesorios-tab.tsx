import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { ACCESSORIES_MAX, accessoriesSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { accessoriesQuery, type Accessory } from '../api/ficha-api.ts';
import { useSaveAccessories } from '../api/ficha-tabs-api.ts';
import { REVIEW, useUnitId } from './use-unit-id.ts';

type Row = Omit<Accessory, 'id'>;

/** docs/product.md §2 accesorios: each accessory handed over (delivered, quantity); a new ficha starts from the project's list. */
export function AccesoriosTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const canEdit = useCan(REVIEW);
  const query = useQuery(accessoriesQuery(unitId));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data)
      setRows(query.data.accessories.map(({ name, delivered, quantity }) => ({ name, delivered, quantity })));
  }, [query.data]);
  const save = useSaveAccessories(unitId);
  if (!rows) return <PageSpinner minH="20vh" />;
  const set = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => {
    const checked = validate(accessoriesSchema, { accessories: rows }, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data.accessories, {
      onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          {query.data?.is_template ? (
            <Text textStyle="sm" color="fg.muted">
              {t('deliveries_ui.accessories.template')}
            </Text>
          ) : null}
          {rows.length === 0 ? <Text color="fg.muted">{t('deliveries_ui.accessories.empty')}</Text> : null}
          {rows.map((r, i) => (
            <HStack key={i} gap="3" wrap={{ base: 'wrap', md: 'nowrap' }} data-testid="accessory-row">
              <Input
                size="sm"
                flex="1"
                minW="40"
                value={r.name}
                maxLength={DELIVERY_TEXT_MAX}
                readOnly={!canEdit}
                aria-label={t('deliveries_ui.accessories.name')}
                data-testid={`accessory-name-${i}`}
                onChange={(e) => set(i, { name: e.target.value })}
              />
              <Checkbox.Root
                checked={r.delivered}
                disabled={!canEdit}
                onCheckedChange={(d) => set(i, { delivered: Boolean(d.checked) })}
                data-testid={`accessory-delivered-${i}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('deliveries_ui.accessories.delivered')}</Checkbox.Label>
              </Checkbox.Root>
              <NumberInput
                aria-label={t('deliveries_ui.accessories.quantity')}
                value={r.quantity}
                precision={0}
                min={0}
                max={999}
                size="sm"
                readOnly={!canEdit}
                name={`accessory-quantity-${i}`}
                onChange={(v) => set(i, { quantity: v ?? 0 })}
                invalid={Boolean(errors[`accessories.${i}.quantity`])}
              />
              {canEdit ? (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('deliveries_ui.actions.delete')}
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 size={16} />
                </IconButton>
              ) : null}
              {errors[`accessories.${i}.name`] ? (
                <Text color="fg.error" textStyle="xs">
                  {errors[`accessories.${i}.name`]}
                </Text>
              ) : null}
            </HStack>
          ))}
          {canEdit ? (
            <HStack justify="space-between">
              <Button
                size="sm"
                variant="outline"
                disabled={rows.length >= ACCESSORIES_MAX}
                onClick={() => setRows([...rows, { name: '', delivered: false, quantity: 1 }])}
                data-testid="accessory-add"
              >
                <Plus size={14} />
                {t('deliveries_ui.actions.add')}
              </Button>
              <Button colorPalette="brand" loading={save.isPending} onClick={submit} data-testid="accessories-save">
                {t('deliveries_ui.actions.save')}
              </Button>
            </HStack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
