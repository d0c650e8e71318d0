import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS } from '#domain/billing';
import type { InvoiceRow } from '#domain/billing-responses';
import { invoicePaymentSchema } from '#domain/schemas/billing';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { moneyText } from '../../billing/index.ts';
import { useMarkInvoicePaid } from '../api/tiinsights-mutations.ts';
import { ConflictAlert } from './conflict-alert.tsx';
import { showWriteError } from './form-errors.ts';
import { todayIso } from './periods.ts';

const T = 'tiinsights.company.pay';

/** "Marcar pagada": the day the payment arrived (today by default) and its reference, such as a transfer number. */
export function MarkPaidDialog({
  companyId,
  invoice,
  onClose,
}: {
  companyId: number;
  invoice: InvoiceRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pay = useMarkInvoicePaid(companyId);
  const [paidOn, setPaidOn] = useState(() => todayIso());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const submit = () => {
    setConflict(null);
    const checked = validate(invoicePaymentSchema, { paid_on: paidOn, reference }, t);
    if (!checked.ok) return setErrors(checked.errors);
    pay.mutate(
      { invoiceId: invoice.id, input: checked.data },
      {
        onSuccess: () => {
          showSuccessToast(t(`${T}.done`, { number: invoice.number }));
          onClose();
        },
        onError: (err) => showWriteError(err, setErrors, setConflict),
      },
    );
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`, { number: invoice.number })}
      submitLabel={t(`${T}.submit`)}
      busy={pay.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="mark-paid-dialog"
    >
      <Text textStyle="sm">{t(`${T}.total`, { total: moneyText(invoice.total, invoice.currency) })}</Text>
      <DateField
        label={t(`${T}.paid_on`)}
        value={paidOn}
        onChange={setPaidOn}
        error={errors.paid_on}
        testId="mark-paid-day"
      />
      <TextField
        label={t(`${T}.reference`)}
        value={reference}
        onChange={setReference}
        maxLength={BILLING_LIMITS.maxReference}
        error={errors.reference}
        testId="mark-paid-reference"
      />
      <ConflictAlert message={conflict} testId="mark-paid-conflict" />
    </FormDialog>
  );
}
