import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIM_MODEL_NAME_MAX } from '#domain/quality';
import type { FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';

/** A model's name, to create or rename it (domain/schemas/quality.ts modelCreateSchema / modelUpdateSchema). */
export function NameDialog({
  open,
  title,
  submitLabel,
  initial,
  busy,
  testId,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial: string;
  busy?: boolean;
  testId?: string;
  onClose: () => void;
  onSubmit: (name: string, setErrors: (e: FieldErrors) => void) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setName(initial);
      setErrors({});
    }
  }
  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      testId={testId}
      onClose={onClose}
      onSubmit={() => onSubmit(name, setErrors)}
    >
      <TextField
        label={t('quality_ui.models.name')}
        required
        value={name}
        onChange={setName}
        maxLength={BIM_MODEL_NAME_MAX}
        error={errors.name}
        testId="model-name-input"
      />
    </FormDialog>
  );
}
