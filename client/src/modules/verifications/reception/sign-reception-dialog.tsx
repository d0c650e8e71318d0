import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTRACTOR_MAX, OBSERVATION_MAX, receptionSignSchema } from '#domain/verifications';
import type { ReceptionDetail } from '#domain/verifications-responses';
import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { dataUrlToFile, SignatureCanvas } from '../../../widgets/signature-canvas.tsx';
import { useSignReception } from '../api/inspection-mutations.ts';

const T = 'verifications_ui.reception.sign';
const ITEM_FIELD = /^items\.(\d+)/;
const signerSchema = receptionSignSchema.pick({ contractor_signer: true, observations: true });

/**
 * "Firmar recepción": who signs for the contractor, the general observations, and both signatures drawn on the
 * phone (inspector and contractor). A refusal naming checkpoints (items.<itemId>) closes the dialog and hands them
 * to the checklist (`onItemErrors`), which scrolls to them; the other refusals stay on their fields.
 */
export function SignReceptionDialog({
  reception,
  onClose,
  onItemErrors,
}: {
  reception: ReceptionDetail;
  onClose: () => void;
  onItemErrors: (errors: Record<number, string>) => void;
}) {
  const { t } = useTranslation();
  const sign = useSignReception(reception.id);
  const [signer, setSigner] = useState('');
  const [observations, setObservations] = useState(reception.observations ?? '');
  const [inspector, setInspector] = useState<string | null>(null);
  const [contractor, setContractor] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => {
    const checked = validate(signerSchema, { contractor_signer: signer, observations: observations || null }, t);
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!inspector) found.inspector_signature_path = t(`${T}.signature_required`);
    if (!contractor) found.contractor_signature_path = t(`${T}.signature_required`);
    if (!checked.ok || !inspector || !contractor) return setErrors(found);
    setErrors({});
    void (async () => {
      const files = await Promise.all([
        dataUrlToFile(inspector, 'firma-inspector.png'),
        dataUrlToFile(contractor, 'firma-contratista.png'),
      ]);
      sign.mutate(
        {
          inspector: files[0],
          contractor: files[1],
          contractor_signer: String(checked.data.contractor_signer),
          observations: checked.data.observations ?? null,
        },
        {
          onSuccess: () => {
            showSuccessToast(t(`${T}.done`));
            onClose();
          },
          onError: (err) => {
            const fields = serverFieldErrors(err);
            const items: Record<number, string> = {};
            const rest: FieldErrors = {};
            for (const [field, message] of Object.entries(fields)) {
              const m = ITEM_FIELD.exec(field);
              if (m) items[Number(m[1])] = message;
              else rest[field] = message;
            }
            if (Object.keys(items).length) {
              onItemErrors(items);
              onClose();
            } else if (Object.keys(rest).length) setErrors(rest);
            else showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);
          },
        },
      );
    })();
  };

  return (
    <FormDialog
      open
      title={t(`${T}.title`, { code: reception.code })}
      submitLabel={t(`${T}.submit`)}
      busy={sign.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="sign-reception-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.body`)}
      </Text>
      <TextField
        label={t(`${T}.contractor_signer`)}
        required
        value={signer}
        onChange={setSigner}
        maxLength={CONTRACTOR_MAX}
        error={errors.contractor_signer}
        testId="sign-contractor-signer"
      />
      <TextAreaField
        label={t(`${T}.observations`)}
        value={observations}
        onChange={setObservations}
        maxLength={OBSERVATION_MAX}
        rows={3}
        error={errors.observations}
        testId="sign-observations"
      />
      <SignatureCanvas
        label={
          reception.inspector
            ? t(`${T}.inspector_signature_named`, { name: reception.inspector.name })
            : t(`${T}.inspector_signature`)
        }
        required
        onChange={setInspector}
        error={errors.inspector_signature_path}
        testId="sign-inspector-pad"
      />
      <SignatureCanvas
        label={t(`${T}.contractor_signature`)}
        required
        onChange={setContractor}
        error={errors.contractor_signature_path}
        testId="sign-contractor-pad"
      />
    </FormDialog>
  );
}
