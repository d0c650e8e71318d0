import { Grid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { REVISION_OUTCOMES } from '#domain/schemas/deliveries';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { SelectField, TextAreaField } from '../../../widgets/form-fields.tsx';
import type { RevisionItem } from '../api/ficha-api.ts';

type Photo = { path: string; name: string; size: number; type: string };
export type RevisionAnswer = { outcome: string; failure_type_id: string; observation: string; photos: Photo[] };

/** The answer the server holds for an item (or none yet). */
export const storedAnswer = (i: RevisionItem): RevisionAnswer => ({
  outcome: i.result?.outcome ?? '',
  failure_type_id: i.result?.failure_type_id ? String(i.result.failure_type_id) : '',
  observation: i.result?.observation ?? '',
  photos: (i.result?.photos ?? []) as Photo[],
});

/** Whether the answer on screen differs from the stored one (an unsaved change). */
export const isChanged = (item: RevisionItem, answer: RevisionAnswer | undefined) =>
  answer !== undefined && JSON.stringify(answer) !== JSON.stringify(storedAnswer(item));

type Props = {
  item: RevisionItem;
  answer: RevisionAnswer;
  canEdit: boolean;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<RevisionAnswer>) => void;
};

/** One item of the revision: its outcome, and for a failure which one, an observation and photos. */
export function RevisionItemRow({ item, answer: a, canEdit, error, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3" data-testid={`revision-item-${item.id}`}>
      <SelectField
        label={item.name}
        value={a.outcome}
        disabled={!canEdit}
        placeholder={t('deliveries_ui.revision.no_outcome')}
        testId={`outcome-${item.id}`}
        options={REVISION_OUTCOMES.map((o) => ({ value: o, label: t(`deliveries.outcomes.${o}`) }))}
        onChange={(v) => onChange({ outcome: v })}
      />
      {a.outcome === 'falla' ? (
        <SelectField
          label={t('deliveries_ui.revision.failure')}
          value={a.failure_type_id}
          required
          disabled={!canEdit}
          error={error('failure_type_id')}
          placeholder=""
          options={item.failures.map((f) => ({
            value: String(f.id),
            label: `${f.name} (${t(`after_sales.severities.${f.severity}`, { defaultValue: f.severity })})`,
          }))}
          onChange={(v) => onChange({ failure_type_id: v })}
          testId={`failure-${item.id}`}
        />
      ) : (
        <span />
      )}
      {a.outcome ? (
        <TextAreaField
          label={t('deliveries_ui.revision.observation')}
          rows={2}
          value={a.observation}
          maxLength={DELIVERY_TEXT_MAX}
          disabled={!canEdit}
          helper={`${a.observation.length} / ${DELIVERY_TEXT_MAX}`}
          error={error('observation')}
          onChange={(v) => onChange({ observation: v })}
        />
      ) : null}
      {a.outcome && canEdit ? (
        <Stack gridColumn={{ md: 'span 3' }}>
          {a.photos.length ? (
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.revision.photos', { count: a.photos.length })}
            </Text>
          ) : null}
          <FileUploader
            context="general"
            accept={['jpg', 'jpeg', 'png']}
            label={t('deliveries_ui.revision.add_photos')}
            onChange={(items) =>
              onChange({
                photos: [
                  ...storedAnswer(item).photos,
                  ...items.map((p) => ({ path: p.path, name: p.name, size: p.size, type: p.type })),
                ],
              })
            }
          />
        </Stack>
      ) : null}
    </Grid>
  );
}
