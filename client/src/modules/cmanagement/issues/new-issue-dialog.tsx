import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cmIssueCreateSchema } from '#domain/schemas/cmanagement';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { isApiError } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCreateIssue } from '../api/issues.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { IssueFields, issueBodyOf, issueDraftOf, type IssueDraft } from './issue-fields.tsx';

const T = 'cmanagement_ui.issues';

/** A new issue on the ticket; once created its page opens, where photos and the pin are added. */
export function NewIssueDialog({
  ticketId,
  projectId,
  open,
  onClose,
}: {
  ticketId: number;
  projectId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<IssueDraft>(issueDraftOf(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateIssue(ticketId);
  const close = () => {
    setDraft(issueDraftOf(null));
    setErrors({});
    onClose();
  };
  const submit = () => {
    const checked = validate(cmIssueCreateSchema, issueBodyOf(draft), t);
    if (!checked.ok) return setErrors(checked.errors);
    create.mutate(checked.data, {
      onSuccess: (issue) => {
        showSuccessToast(t(`${T}.created`, { number: issue.number }));
        close();
        void navigate(`/cmanagement/tickets/${ticketId}/issues/${issue.id}`);
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        setErrors(fields);
        if (Object.keys(fields).length === 0 && isApiError(err)) showErrorToast(err.status, err.message, err.errors);
      },
    });
  };
  return (
    <FormDialog
      open={open}
      title={t(`${T}.new`)}
      submitLabel={t(`${T}.create`)}
      busy={create.isPending}
      onSubmit={submit}
      onClose={close}
      testId="issue-new-dialog"
    >
      <IssueFields
        projectId={projectId}
        draft={draft}
        onChange={(p) => setDraft((d) => ({ ...d, ...p }))}
        errors={errors}
      />
    </FormDialog>
  );
}
