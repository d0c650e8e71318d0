import { useEffect, useState } from 'react';
import { Field, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_BULK_MAX, ACTIVITY_DESCRIPTION_MAX } from '#domain/quality';
import type { ActivityRow } from '#domain/quality-responses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { useBulkCreateActivities } from '../api/activities.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';

type Props = {
  projectId: number;
  parent: ActivityRow | null;
  open: boolean;
  onClose: () => void;
};

/** The lines that become activities: trimmed, blank ones skipped (the server reads them the same way). */
export const bulkLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** POST calidad/actividades/masivo (docs/product.md §2): one activity per line, under one parent, in that order. */
export function BulkCreateDialog({ projectId, parent, open, onClose }: Props) {
  const { t } = useTranslation();
  const bulk = useBulkCreateActivities(projectId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setText('');
      setError(null);
    }
  }, [open]);
  const lines = bulkLines(text);
  const tooLong = lines.findIndex((l) => l.length > ACTIVITY_DESCRIPTION_MAX);
  const localError =
    lines.length > ACTIVITY_BULK_MAX
      ? t('quality_ui.progress.bulk.too_many', { max: ACTIVITY_BULK_MAX })
      : tooLong >= 0
        ? t('quality_ui.progress.bulk.line_too_long', { line: tooLong + 1, max: ACTIVITY_DESCRIPTION_MAX })
        : null;

  function submit() {
    if (lines.length === 0) return setError(t('validation.required'));
    if (localError) return setError(localError);
    setError(null);
    bulk.mutate(
      { project_id: projectId, parent_id: parent?.id ?? null, descriptions: lines.join('\n') },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setError(fields.descriptions ?? Object.values(fields)[0] ?? null);
        },
      },
    );
  }

  const shown = error ?? localError;
  return (
    <FormDialog
      open={open}
      title={t('quality_ui.progress.bulk.title')}
      submitLabel={t('quality_ui.progress.bulk.submit', { count: lines.length })}
      busy={bulk.isPending}
      submitDisabled={lines.length === 0}
      onSubmit={submit}
      onClose={onClose}
      testId="bulk-create-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {parent
          ? t('quality_ui.progress.under', { description: parent.description })
          : t('quality_ui.progress.under_root')}
      </Text>
      <Field.Root invalid={Boolean(shown)} required>
        <Field.Label>
          {t('quality_ui.progress.bulk.label')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          autoresize
          maxH="50dvh"
          placeholder={t('quality_ui.progress.bulk.placeholder')}
          data-testid="bulk-text"
        />
        <Field.HelperText data-testid="bulk-count">
          {t('quality_ui.progress.bulk.count', { count: lines.length, max: ACTIVITY_BULK_MAX })}
        </Field.HelperText>
        {shown ? <Field.ErrorText data-testid="bulk-error">{shown}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  );
}
