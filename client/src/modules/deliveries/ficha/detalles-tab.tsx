import { useEffect, useState } from 'react';
import { Button, Card, Grid, Heading, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { PARKINGS_MAX, READINGS, READING_MAX, detailsSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { TextAreaField } from '../../../widgets/form-fields.tsx';
import { detailsQuery, type Details } from '../api/ficha-api.ts';
import { useSaveDetails } from '../api/ficha-tabs-api.ts';
import { REVIEW, useUnitId } from './use-unit-id.ts';

/** Parkings or stores: a short list of names (docs/product.md §3 Ficha details). */
function NameList({
  label,
  values,
  onChange,
  error,
  readOnly,
  testId,
}: {
  label: string;
  values: string[];
  onChange: (v: string[]) => void;
  error?: string;
  readOnly: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {label}
      </Heading>
      {values.map((v, i) => (
        <HStack key={i} gap="2">
          <Input
            size="sm"
            value={v}
            maxLength={DELIVERY_TEXT_MAX}
            readOnly={readOnly}
            aria-label={label}
            data-testid={`${testId}-${i}`}
            onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
          />
          {readOnly ? null : (
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('deliveries_ui.actions.delete')}
              onClick={() => onChange(values.filter((_, j) => j !== i))}
            >
              <Trash2 size={16} />
            </IconButton>
          )}
        </HStack>
      ))}
      {readOnly || values.length >= PARKINGS_MAX ? null : (
        <Button
          size="xs"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => onChange([...values, ''])}
          data-testid={`${testId}-add`}
        >
          <Plus size={14} />
          {t('deliveries_ui.actions.add')}
        </Button>
      )}
      {error ? (
        <Stack color="fg.error" textStyle="sm">
          {error}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** docs/product.md §2 detalles: parkings, stores and the meter readings (light, cold water, hot water, gas, heating). */
export function DetallesTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const canEdit = useCan(REVIEW);
  const query = useQuery(detailsQuery(unitId));
  const [form, setForm] = useState<Details | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);
  const save = useSaveDetails(unitId);
  if (!form) return <PageSpinner minH="20vh" />;

  const submit = () => {
    if (JSON.stringify(form) === JSON.stringify(query.data)) {
      showSuccessToast(t('common.no_changes'));
      return;
    }
    // An emptied observation travels as '' and the shared schema turns it into null (cleared).
    const checked = validate(detailsSchema, { ...form, observations: form.observations ?? '' }, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data as Partial<Details>, {
      onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
            <NameList
              label={t('deliveries_ui.details.parkings')}
              values={form.parkings}
              readOnly={!canEdit}
              error={errors.parkings}
              testId="parking"
              onChange={(parkings) => setForm({ ...form, parkings })}
            />
            <NameList
              label={t('deliveries_ui.details.storages')}
              values={form.storages}
              readOnly={!canEdit}
              error={errors.storages}
              testId="storage"
              onChange={(storages) => setForm({ ...form, storages })}
            />
          </Grid>
          <Heading as="h3" size="sm">
            {t('deliveries_ui.details.readings')}
          </Heading>
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }} gap="3">
            {READINGS.map((r) => (
              <NumberInput
                key={r}
                label={t(`deliveries.readings.${r}`)}
                value={form.readings[r]}
                min={0}
                max={READING_MAX}
                precision={2}
                readOnly={!canEdit}
                name={`reading-${r}`}
                invalid={Boolean(errors[`readings.${r}`])}
                errorText={errors[`readings.${r}`]}
                onChange={(v) => setForm((f) => (f ? { ...f, readings: { ...f.readings, [r]: v } } : f))}
              />
            ))}
          </Grid>
          <TextAreaField
            label={t('deliveries_ui.details.observations')}
            value={form.observations ?? ''}
            maxLength={DELIVERY_TEXT_MAX}
            rows={3}
            helper={`${(form.observations ?? '').length} / ${DELIVERY_TEXT_MAX}`}
            error={errors.observations}
            disabled={!canEdit}
            onChange={(v) => setForm({ ...form, observations: v })}
          />
          {canEdit ? (
            <Button
              alignSelf="flex-end"
              colorPalette="brand"
              loading={save.isPending}
              onClick={submit}
              data-testid="details-save"
            >
              {t('deliveries_ui.actions.save')}
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
