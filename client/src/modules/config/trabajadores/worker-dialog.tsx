import { useState } from 'react';
import { Button, Dialog, Portal, SimpleGrid, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES } from '#domain/workers';
import type { WorkerRow } from '#domain/workers-responses';
import { workerSchemaFor } from '#domain/schemas/workers';
import { rutLabelKey } from '#domain/validation';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useSaveWorker, type WorkerOptions } from './trabajadores-api.ts';

type Form = Record<
  | 'first_name'
  | 'last_name'
  | 'rut'
  | 'contractor_company'
  | 'position_id'
  | 'contract_type'
  | 'start_date'
  | 'end_date'
  | 'user_id',
  string
>;

const formOf = (w: WorkerRow | null): Form => ({
  first_name: w?.first_name ?? '',
  last_name: w?.last_name ?? '',
  rut: w?.rut ?? '',
  contractor_company: w?.contractor_company ?? '',
  position_id: w?.position ? String(w.position.id) : '',
  contract_type: w?.contract_type ?? '',
  start_date: w?.start_date ?? '',
  end_date: w?.end_date ?? '',
  user_id: w?.user ? String(w.user.id) : '',
});

/** Create or edit a worker and their contract (docs/product.md §2 trabajadores); the document is labelled by country. */
export function WorkerDialog({
  worker,
  options,
  onClose,
}: {
  worker: WorkerRow | 'new';
  options: WorkerOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editing = worker === 'new' ? null : worker;
  const [form, setForm] = useState<Form>(formOf(editing));
  const [isActive, setIsActive] = useState(editing?.is_active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveWorker();
  const set = (field: keyof Form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const field = (name: keyof Form, extra: { required?: boolean; label?: string } = {}) => ({
    label: extra.label ?? t(`config_ui.workers.${name}`),
    required: extra.required,
    value: form[name],
    onChange: set(name),
    error: errors[name],
    testId: `worker-${name}`,
  });

  function submit() {
    const parsed = validate(
      workerSchemaFor(options.country),
      { ...form, position_id: form.position_id || null, user_id: form.user_id || null, is_active: isActive },
      t,
    );
    if (!parsed.ok) return setErrors(parsed.errors);
    save.mutate(
      { id: editing?.id, input: parsed.data },
      { onSuccess: onClose, onError: (e) => setErrors(serverFieldErrors(e)) },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="worker-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(editing ? 'config_ui.workers.edit' : 'config_ui.workers.new')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField {...field('first_name', { required: true })} maxLength={80} />
                <TextField {...field('last_name', { required: true })} maxLength={80} />
                <TextField {...field('rut', { label: t(rutLabelKey(options.country)) })} maxLength={20} />
                <TextField {...field('contractor_company')} maxLength={120} />
                <SelectField
                  {...field('position_id')}
                  placeholder={t('config_ui.none')}
                  options={options.positions.map((p) => ({ value: String(p.id), label: p.name }))}
                />
                <SelectField
                  {...field('contract_type', { required: true })}
                  placeholder={t('config_ui.pick')}
                  options={CONTRACT_TYPES.map((c) => ({
                    value: c,
                    label: t(`config_api.workers.contract_types.${c}`),
                  }))}
                />
                <TextField {...field('start_date', { required: true })} helper={t('config_ui.date_hint')} />
                <TextField {...field('end_date')} helper={t('config_ui.date_hint')} />
                <SelectField
                  {...field('user_id')}
                  placeholder={t('config_ui.none')}
                  options={options.users.map((u) => ({ value: String(u.id), label: `${u.full_name} (${u.username})` }))}
                />
                <Switch.Root checked={isActive} onCheckedChange={(d) => setIsActive(d.checked)} alignSelf="center">
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('config_ui.workers.is_active')}</Switch.Label>
                </Switch.Root>
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} minH="11">
                {t('common.cancel')}
              </Button>
              <Button onClick={submit} loading={save.isPending} minH="11" data-testid="worker-save">
                {t('config_ui.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
