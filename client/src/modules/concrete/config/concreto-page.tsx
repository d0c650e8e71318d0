import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONCRETE_EDIT, CONCRETE_NAME_MAX, DEFAULT_CONCRETE_ELEMENTS } from '#domain/concrete';
import type { ConcreteElement, Laboratory } from '#domain/concrete-responses';
import { concreteElementCreateSchema, laboratoryCreateSchema } from '#domain/schemas/concrete';
import { formatRut, rutLabelKey } from '#domain/validation';
import { isApiError } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { useAuthUser, useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { elements, laboratories, useAddDefaultElements } from '../api/config.ts';
import { CatalogueEditor } from '../components/catalogue-section.tsx';
import { useCatalogueSave } from '../components/use-catalogue-save.ts';
import { ConcreteConfigTabs } from './config-tabs.tsx';
import { SettingsForm } from './settings-form.tsx';

const T = 'concrete.config';

/**
 * config/hormigon/concreto (docs/product.md §2, "Concrete configuration"): the elements a placement is made of, the
 * m3 a truck and a placement may hold, and the laboratories that test the samples. Read-only without hormigon_editar.
 */
export function ConcreteConfigPage() {
  const { t } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  return (
    <ConcreteConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader title={t('routes.config.hormigon.concreto.title')} subtitle={t(`${T}.concreto.intro`)} />
        {!canEdit ? (
          <Text textStyle="sm" color="fg.muted" data-testid="concrete-read-only">
            {t(`${T}.read_only`)}
          </Text>
        ) : null}
        <ElementsSection canEdit={canEdit} />
        <SettingsForm
          testId="m3"
          canEdit={canEdit}
          groups={[
            {
              title: t(`${T}.settings.m3_title`),
              intro: t(`${T}.settings.m3_intro`),
              fields: ['truck_m3_max', 'placement_m3_max', 'm3_tolerance_pct'],
            },
          ]}
        />
        <LaboratoriesSection canEdit={canEdit} />
      </Stack>
    </ConcreteConfigTabs>
  );
}

function ElementsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const defaults = useAddDefaultElements();
  const addDefaults = () =>
    defaults.mutate(undefined, {
      onSuccess: (list) => showSuccessToast(t(`${T}.elements.defaults_added`, { count: list.length })),
      onError: (err) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
    });
  return (
    <CatalogueEditor
      catalogue={elements}
      testId="elements"
      texts={`${T}.elements`}
      canEdit={canEdit}
      emptyText={t(canEdit ? `${T}.elements.empty` : `${T}.elements.empty_read_only`)}
      emptyAction={
        <Stack gap="2" align="flex-start">
          <Button
            colorPalette="brand"
            minH="44px"
            loading={defaults.isPending}
            onClick={addDefaults}
            data-testid="elements-defaults"
          >
            {t(`${T}.elements.add_defaults`)}
          </Button>
          <Text textStyle="sm" color="fg.muted">
            {t(`${T}.elements.defaults_hint`, { names: DEFAULT_CONCRETE_ELEMENTS.join(', ') })}
          </Text>
        </Stack>
      }
      nameOf={(e) => e.name}
      render={(e) => <Text fontWeight="medium">{e.name}</Text>}
      dialog={(e, onClose) => <ElementDialog element={e} onClose={onClose} />}
    />
  );
}

/**
 * A new element or a new name for one (domain/schemas/concrete.ts; a repeated name is the server's 422). Mounted
 * while open, so each opening starts from the element's own values.
 */
function ElementDialog({ element, onClose }: { element: ConcreteElement | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(element === 'new' ? '' : element.name);
  const { errors, save, busy, isNew } = useCatalogueSave(elements, element, onClose);
  const submit = () => save(concreteElementCreateSchema, { name });
  return (
    <FormDialog
      open
      title={t(isNew ? `${T}.elements.new` : `${T}.elements.rename`)}
      submitLabel={t(isNew ? `${T}.create` : `${T}.save`)}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="element-dialog"
    >
      <TextField
        label={t(`${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={CONCRETE_NAME_MAX}
        error={errors.name}
        testId="element-name"
      />
    </FormDialog>
  );
}

function LaboratoriesSection({ canEdit }: { canEdit: boolean }) {
  return (
    <CatalogueEditor
      catalogue={laboratories}
      testId="laboratories"
      texts={`${T}.laboratories`}
      canEdit={canEdit}
      nameOf={(l) => l.name}
      render={(l) => <LaboratoryLine laboratory={l} />}
      dialog={(l, onClose) => <LaboratoryDialog laboratory={l} onClose={onClose} />}
    />
  );
}

function LaboratoryLine({ laboratory: l }: { laboratory: Laboratory }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const details = [
    l.rut ? `${t(rutLabelKey(user?.company.country ?? 'CL'))} ${formatRut(l.rut)}` : null,
    l.email,
    l.phone,
  ].filter(Boolean);
  return (
    <>
      <Text fontWeight="medium" wordBreak="break-word">
        {l.name}
      </Text>
      <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
        {details.length ? details.join(' · ') : t(`${T}.laboratories.no_contact`)}
      </Text>
    </>
  );
}

type LabForm = { name: string; rut: string; email: string; phone: string };
const labForm = (l: Laboratory | null): LabForm => ({
  name: l?.name ?? '',
  rut: l?.rut ? formatRut(l.rut) : '',
  email: l?.email ?? '',
  phone: l?.phone ?? '',
});

/** A laboratory's name, RUT (labelled by the company's country), e-mail and phone; only the name is required. */
function LaboratoryDialog({ laboratory, onClose }: { laboratory: Laboratory | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const [form, setForm] = useState<LabForm>(() => labForm(laboratory === 'new' ? null : laboratory));
  const { errors, save, busy, isNew } = useCatalogueSave(laboratories, laboratory, onClose);
  const field = (key: keyof LabForm, label: string) => ({
    label,
    value: form[key],
    onChange: (v: string) => setForm((f) => ({ ...f, [key]: v })),
    error: errors[key],
    testId: `laboratory-${key}`,
  });
  const submit = () => save(laboratoryCreateSchema, form);
  return (
    <FormDialog
      open
      title={t(isNew ? `${T}.laboratories.new` : `${T}.laboratories.edit`)}
      submitLabel={t(isNew ? `${T}.create` : `${T}.save`)}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="laboratory-dialog"
    >
      <TextField {...field('name', t(`${T}.name`))} required maxLength={CONCRETE_NAME_MAX} />
      <TextField {...field('rut', t(rutLabelKey(user?.company.country ?? 'CL')))} maxLength={20} />
      <TextField {...field('email', t(`${T}.email`))} maxLength={254} />
      <TextField {...field('phone', t(`${T}.phone`))} maxLength={30} />
    </FormDialog>
  );
}
