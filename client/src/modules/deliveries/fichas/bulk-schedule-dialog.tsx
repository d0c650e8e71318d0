import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../api/notify.ts';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { durationText } from '../../../widgets/time-picker.tsx';
import { useBulkSchedule } from '../api/ficha-commands-api.ts';
import { ScheduleDialog } from '../ficha/schedule-dialog.tsx';

/** Gaps between one unit's appointment and the next: whole quarters (the API refuses anything else). */
const INTERVALS = [0, 15, 30, 45, 60, 90, 120, 180, 240];

type Props = { open: boolean; projectId: number; unitIds: number[]; onClose: () => void; onDone: () => void };

/** docs/product.md §2 fichas: schedule the selected units (at most 50) from one date and time, one after another. */
export function BulkScheduleDialog({ open, projectId, unitIds, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [interval, setInterval] = useState(60);
  const mutation = useBulkSchedule(projectId);
  const submit = (startAt: string) =>
    mutation.mutate(
      { unit_ids: unitIds, start_at: startAt, interval_minutes: interval },
      {
        onSuccess: ({ scheduled }) => {
          showSuccessToast(t('deliveries_ui.schedule.bulk_done', { count: scheduled }));
          onDone();
        },
      },
    );
  return (
    <ScheduleDialog
      open={open}
      title={t('deliveries_ui.schedule.bulk_title', { count: unitIds.length })}
      busy={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="bulk-schedule-dialog"
    >
      <Text textStyle="sm" color="fg.muted">
        {t('deliveries_ui.schedule.bulk_help')}
      </Text>
      <SelectField
        label={t('deliveries_ui.schedule.interval')}
        value={String(interval)}
        onChange={(v) => setInterval(Number(v))}
        testId="bulk-interval"
        options={INTERVALS.map((m) => ({
          value: String(m),
          label: m === 0 ? t('deliveries_ui.schedule.same_time') : durationText(m, t),
        }))}
      />
    </ScheduleDialog>
  );
}
