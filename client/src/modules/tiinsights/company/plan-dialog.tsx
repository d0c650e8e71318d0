import { useState } from 'react';
import { Checkbox, Fieldset, Grid, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS, PLAN_MODULES } from '#domain/billing';
import type { PlanView } from '#domain/billing-responses';
import { planSchema } from '#domain/schemas/billing';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { useSavePlan } from '../api/tiinsights-mutations.ts';
import { showWriteError } from './form-errors.ts';
import { planValuesOf, toggleModule, type PlanValues } from './plan-values.ts';

const T = 'tiinsights.company.plan';

type NumberKey = 'base_price' | 'price_per_user' | 'storage_quota_mb' | 'storage_overage_price' | 'due_days';
const NUMBER_FIELDS: { key: NumberKey; max: number; min: number; required: boolean }[] = [
  { key: 'base_price', min: 0, max: BILLING_LIMITS.maxPrice, required: true },
  { key: 'price_per_user', min: 0, max: BILLING_LIMITS.maxPrice, required: true },
  { key: 'storage_quota_mb', min: 0, max: BILLING_LIMITS.maxStorageQuotaMb, required: false },
  { key: 'storage_overage_price', min: 0, max: BILLING_LIMITS.maxPrice, required: true },
  { key: 'due_days', min: 1, max: BILLING_LIMITS.maxDueDays, required: true },
];

/**
 * The company's plan (PUT tiinsights/empresas/{companyId}/plan): its name, modules, prices in whole units of the
 * company's currency, storage quota and payment term, checked first with the shared planSchema; the server's 422s land
 * on their fields.
 */
export function PlanDialog({
  companyId,
  plan,
  onClose,
}: {
  companyId: number;
  plan: PlanView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePlan(companyId);
  const [values, setValues] = useState<PlanValues>(() => planValuesOf(plan));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const set = <K extends keyof PlanValues>(key: K, value: PlanValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = () => {
    const checked = validate(planSchema, values, t);
    if (!checked.ok) return setErrors(checked.errors);
    save.mutate(checked.data, {
      onSuccess: () => {
        showSuccessToast(t(`${T}.done`));
        onClose();
      },
      onError: (err) => showWriteError(err, setErrors, setConflict),
    });
  };
  return (
    <FormDialog
      open
      title={t(plan ? `${T}.edit_title` : `${T}.create_title`)}
      submitLabel={t(`${T}.submit`)}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="plan-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {plan ? t(`${T}.amounts_in`, { currency: plan.currency }) : t(`${T}.amounts_whole`)}
      </Text>
      <TextField
        label={t(`${T}.name`)}
        required
        value={values.name}
        onChange={(v) => set('name', v)}
        maxLength={BILLING_LIMITS.maxPlanName}
        error={errors.name}
        testId="plan-name"
      />
      <Fieldset.Root invalid={Boolean(errors.modules)}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t(`${T}.modules`)}
        </Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="plan-modules">
          {PLAN_MODULES.map((m) => (
            <Checkbox.Root
              key={m}
              checked={values.modules.includes(m)}
              onCheckedChange={(d) => set('modules', toggleModule(values.modules, m, d.checked === true, PLAN_MODULES))}
              data-testid={`plan-module-${m}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`permission_groups.${m}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
        {errors.modules ? <Fieldset.ErrorText>{errors.modules}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        {NUMBER_FIELDS.map((f) => (
          <div key={f.key} data-testid={`plan-${f.key}`}>
            <NumberInput
              label={t(`${T}.fields.${f.key}`)}
              name={f.key}
              value={values[f.key]}
              onChange={(v) => set(f.key, v)}
              precision={0}
              fixed={false}
              min={f.min}
              max={f.max}
              required={f.required}
              invalid={Boolean(errors[f.key])}
              errorText={errors[f.key]}
              helperText={f.key === 'storage_quota_mb' ? t(`${T}.quota_help`) : undefined}
            />
          </div>
        ))}
      </Grid>
      {conflict ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {conflict}
        </Text>
      ) : null}
    </FormDialog>
  );
}
