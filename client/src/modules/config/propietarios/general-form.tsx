import { Grid, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MESSAGE_MAX } from '#domain/limits';
import { RESPONSE_ACTIONS, type GeneralConfigInput } from '#domain/schemas/deliveries';
import { rutLabelKey } from '#domain/validation';
import type { FieldErrors } from '../../../shared/forms.ts';
import { NumberInput } from '../../../widgets/number-input.tsx';
import type { Contact, GeneralConfig } from './config-api.ts';
import { CountedTextarea, RowList, Select, TextInput } from './fields.tsx';

/** The editable shape of the general configuration: strings for inputs, numbers for number inputs. */
export type GeneralForm = {
  municipal_reception_date: string;
  real_estate_name: string;
  real_estate_id_number: string;
  legal_representative: string;
  legal_representative_id_number: string;
  tax_ids: string[];
  contacts: { name: string; role: string; email: string; phone: string }[];
  response_time_hours: number | null;
  response_action: string;
  notification_message: string;
  owner_confirmation_limit_hours: number | null;
  accessories: string[];
};

const s = (v: string | null | undefined) => v ?? '';
export function toForm(c: Partial<GeneralConfig>): GeneralForm {
  return {
    municipal_reception_date: s(c.municipal_reception_date),
    real_estate_name: s(c.real_estate_name),
    real_estate_id_number: s(c.real_estate_id_number),
    legal_representative: s(c.legal_representative),
    legal_representative_id_number: s(c.legal_representative_id_number),
    tax_ids: c.tax_ids ?? [],
    contacts: (c.contacts ?? []).map((x: Contact) => ({
      name: x.name,
      role: s(x.role),
      email: s(x.email),
      phone: s(x.phone),
    })),
    response_time_hours: c.response_time_hours ?? null,
    response_action: s(c.response_action),
    notification_message: s(c.notification_message),
    owner_confirmation_limit_hours: c.owner_confirmation_limit_hours ?? null,
    accessories: c.accessories ?? [],
  };
}

/** The form → the body the shared schema validates (empty optionals left out, cleared texts sent as ''). */
export function toInput(f: GeneralForm): GeneralConfigInput {
  return {
    municipal_reception_date: f.municipal_reception_date || undefined,
    real_estate_name: f.real_estate_name,
    real_estate_id_number: f.real_estate_id_number,
    legal_representative: f.legal_representative,
    legal_representative_id_number: f.legal_representative_id_number,
    tax_ids: f.tax_ids,
    contacts: f.contacts,
    response_time_hours: f.response_time_hours ?? undefined,
    response_action: (f.response_action || undefined) as GeneralConfigInput['response_action'],
    notification_message: f.notification_message,
    owner_confirmation_limit_hours: f.owner_confirmation_limit_hours ?? undefined,
    accessories: f.accessories,
  };
}

type Props = {
  value: GeneralForm;
  onChange: (f: GeneralForm) => void;
  errors: FieldErrors;
  country: string;
  withReceptionDate: boolean;
  mixed?: string[];
};

/** docs/product.md §3 project configuration fields; the id numbers are labelled RUT only in Chile (docs/product.md §5). */
export function GeneralFields({ value: f, onChange, errors, country, withReceptionDate, mixed = [] }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<GeneralForm>) => onChange({ ...f, ...patch });
  const idLabel = t(rutLabelKey(country));
  const hint = (k: string) => (mixed.includes(k) ? t('deliveries_ui.config.mixed') : undefined);
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {withReceptionDate ? (
          <TextInput
            type="date"
            label={t('deliveries_ui.config.municipal_reception_date')}
            value={f.municipal_reception_date}
            error={errors.municipal_reception_date}
            onChange={(v) => set({ municipal_reception_date: v })}
            testId="cfg-reception-date"
          />
        ) : null}
        <TextInput
          label={t('deliveries_ui.config.real_estate_name')}
          value={f.real_estate_name}
          error={errors.real_estate_name}
          helper={hint('real_estate_name')}
          maxLength={200}
          onChange={(v) => set({ real_estate_name: v })}
          testId="cfg-real-estate-name"
        />
        <TextInput
          label={`${idLabel} · ${t('deliveries_ui.config.real_estate')}`}
          value={f.real_estate_id_number}
          error={errors.real_estate_id_number}
          helper={hint('real_estate_id_number')}
          onChange={(v) => set({ real_estate_id_number: v })}
          testId="cfg-real-estate-id"
        />
        <TextInput
          label={t('deliveries_ui.config.legal_representative')}
          value={f.legal_representative}
          error={errors.legal_representative}
          helper={hint('legal_representative')}
          maxLength={200}
          onChange={(v) => set({ legal_representative: v })}
        />
        <TextInput
          label={`${idLabel} · ${t('deliveries_ui.config.legal_representative')}`}
          value={f.legal_representative_id_number}
          error={errors.legal_representative_id_number}
          onChange={(v) => set({ legal_representative_id_number: v })}
        />
        <NumberInput
          label={t('deliveries_ui.config.response_time_hours')}
          value={f.response_time_hours}
          precision={0}
          min={1}
          max={1440}
          errorText={errors.response_time_hours}
          invalid={Boolean(errors.response_time_hours)}
          onChange={(v) => set({ response_time_hours: v })}
        />
        <Select
          label={t('deliveries_ui.config.response_action')}
          value={f.response_action}
          error={errors.response_action}
          options={RESPONSE_ACTIONS.map((a) => ({ value: a, label: t(`deliveries_ui.config.response_actions.${a}`) }))}
          onChange={(v) => set({ response_action: v })}
        />
        <NumberInput
          label={t('deliveries_ui.config.owner_confirmation_limit_hours')}
          value={f.owner_confirmation_limit_hours}
          precision={0}
          min={0}
          max={720}
          errorText={errors.owner_confirmation_limit_hours}
          invalid={Boolean(errors.owner_confirmation_limit_hours)}
          onChange={(v) => set({ owner_confirmation_limit_hours: v })}
        />
      </Grid>
      <CountedTextarea
        label={t('deliveries_ui.config.notification_message')}
        value={f.notification_message}
        max={NOTIFICATION_MESSAGE_MAX}
        error={errors.notification_message}
        onChange={(v) => set({ notification_message: v })}
        testId="cfg-notification-message"
      />
      <RowList
        label={t('deliveries_ui.config.tax_ids')}
        rows={f.tax_ids}
        blank=""
        max={10}
        onChange={(tax_ids) => set({ tax_ids })}
        errorOf={(i) => errors[`tax_ids.${i}`]}
        render={(v, put) => <Input size="sm" value={v} aria-label={idLabel} onChange={(e) => put(e.target.value)} />}
      />
      <RowList
        label={t('deliveries_ui.config.contacts')}
        rows={f.contacts}
        max={20}
        blank={{ name: '', role: '', email: '', phone: '' }}
        onChange={(contacts) => set({ contacts })}
        errorOf={(i) => errors[`contacts.${i}.name`] ?? errors[`contacts.${i}.email`]}
        render={(c, put) => (
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="2" flex="1">
            {(['name', 'role', 'email', 'phone'] as const).map((k) => (
              <Input
                key={k}
                size="sm"
                value={c[k]}
                placeholder={t(`deliveries_ui.config.contact.${k}`)}
                aria-label={t(`deliveries_ui.config.contact.${k}`)}
                onChange={(e) => put({ ...c, [k]: e.target.value })}
              />
            ))}
          </Grid>
        )}
      />
      <RowList
        label={t('deliveries_ui.config.accessories')}
        rows={f.accessories}
        blank=""
        max={100}
        onChange={(accessories) => set({ accessories })}
        errorOf={(i) => errors[`accessories.${i}`]}
        render={(v, put) => (
          <Input
            size="sm"
            value={v}
            aria-label={t('deliveries_ui.config.accessories')}
            onChange={(e) => put(e.target.value)}
          />
        )}
      />
    </Stack>
  );
}
