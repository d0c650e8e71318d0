import { useEffect, useState } from 'react';
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SEVERITIES } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';

export type NodeFields = { name: string; category?: string; severity?: string; surface?: string };
type Props = {
  open: boolean;
  title: string;
  initial: NodeFields;
  schema: z.ZodType;
  toInput: (f: NodeFields) => Record<string, unknown>;
  onSave: (input: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
};

/** Create or edit one catalogue entry; the fields shown are those its initial value carries. */
export function NodeDialog({ open, title, initial, schema, toInput, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [f, setF] = useState<NodeFields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Reset only when the dialog opens: `initial` is a fresh object on every render of the caller.
  useEffect(() => {
    if (open) {
      setF(initial);
      setErrors({});
    }
  }, [open]);
  const submit = async () => {
    const input = toInput(f);
    const checked = validate(schema, input, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await onSave(input);
      onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
    } finally {
      setBusy(false);
    }
  };
  const text = (k: 'name' | 'category' | 'surface', maxLength?: number) => (
    <Field.Root required={k !== 'surface'} invalid={Boolean(errors[k])}>
      <Field.Label>
        {t(`deliveries_ui.catalogue.${k}`)}
        {k !== 'surface' ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        value={f[k] ?? ''}
        maxLength={maxLength}
        inputMode={k === 'surface' ? 'decimal' : undefined}
        data-testid={`node-${k}`}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
      />
      {k === 'name' && maxLength ? (
        <Field.HelperText>{`${(f.name ?? '').length} / ${maxLength}`}</Field.HelperText>
      ) : null}
      {errors[k] ? <Field.ErrorText>{errors[k]}</Field.ErrorText> : null}
    </Field.Root>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="node-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {text('name', initial.surface !== undefined ? 49 : 120)}
                {initial.category !== undefined ? text('category', 50) : null}
                {initial.surface !== undefined ? text('surface') : null}
                {initial.severity !== undefined ? (
                  <Field.Root required invalid={Boolean(errors.severity)}>
                    <Field.Label>
                      {t('deliveries_ui.catalogue.severity')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={f.severity}
                        onChange={(e) => setF({ ...f, severity: e.currentTarget.value })}
                        data-testid="node-severity"
                      >
                        <option value="">—</option>
                        {SEVERITIES.map((s) => (
                          <option key={s} value={s}>
                            {t(`after_sales.severities.${s}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.severity ? <Field.ErrorText>{errors.severity}</Field.ErrorText> : null}
                  </Field.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('deliveries_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={() => void submit()} data-testid="node-save">
                {t('deliveries_ui.actions.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
