import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { invoiceIssueSchema } from '#domain/schemas/billing';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { periodText } from '../../billing/index.ts';
import { useIssueInvoice } from '../api/tiinsights-mutations.ts';
import { ConflictAlert } from './conflict-alert.tsx';
import { showWriteError } from './form-errors.ts';
import { lastMonthPeriod, recentPeriods } from './periods.ts';

const T = 'tiinsights.company.issue';

/** "Emitir factura": one period's invoice (last month by default) from the company's plan and that month's usage. */
export function IssueInvoiceDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const issue = useIssueInvoice(companyId);
  const [period, setPeriod] = useState(() => lastMonthPeriod());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const submit = () => {
    setConflict(null);
    const checked = validate(invoiceIssueSchema, { period }, t);
    if (!checked.ok) return setErrors(checked.errors);
    issue.mutate(checked.data, {
      onSuccess: (invoice) => {
        showSuccessToast(t(`${T}.done`, { number: invoice.number }));
        onClose();
      },
      onError: (err) => showWriteError(err, setErrors, setConflict),
    });
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`)}
      submitLabel={t(`${T}.submit`)}
      busy={issue.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="issue-invoice-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.intro`)}
      </Text>
      <SelectField
        label={t(`${T}.period`)}
        required
        value={period}
        onChange={(v) => {
          setPeriod(v);
          setErrors({});
          setConflict(null);
        }}
        options={recentPeriods().map((p) => ({ value: p, label: periodText(p, i18n.language) }))}
        error={errors.period}
        testId="issue-invoice-period"
      />
      <ConflictAlert message={conflict} testId="issue-invoice-conflict" />
    </FormDialog>
  );
}
