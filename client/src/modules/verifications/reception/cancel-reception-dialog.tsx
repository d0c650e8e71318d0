import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { OBSERVATION_MAX, receptionCancelSchema } from '#domain/verifications';
import type { ReceptionDetail } from '#domain/verifications-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextAreaField } from '../../../widgets/form-fields.tsx';
import { useReceptionCommand } from '../api/inspection-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

const T = 'verifications_ui.reception.cancel';

/** "Anular recepción" (reception.cancel): it will not happen, and why (required). */
export function CancelReceptionDialog({ reception, onClose }: { reception: ReceptionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useReceptionCommand(reception.id);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const checked = validate(receptionCancelSchema, { reason }, t);
    if (!checked.ok) return setErrors(checked.errors);
    cancel.mutate({ verb: 'anular', body: checked.data }, writeCallbacks(t, setErrors, onClose, `${T}.done`));
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`, { code: reception.code })}
      submitLabel={t(`${T}.submit`)}
      busy={cancel.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="cancel-reception-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.body`)}
      </Text>
      <TextAreaField
        label={t(`${T}.reason`)}
        required
        value={reason}
        onChange={setReason}
        maxLength={OBSERVATION_MAX}
        rows={3}
        error={errors.reason}
        testId="cancel-reason"
      />
    </FormDialog>
  );
}
