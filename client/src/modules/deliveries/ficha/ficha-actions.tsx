import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FichaEventType } from '#machines/ficha';
import { can } from '#domain/permissions';
import { fichaCommands } from '#domain/fichas';
import { permissionsOf, useAuthUser, useCan } from '../../../api/session/auth-user.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { ownersQuery, type FichaDetail } from '../api/ficha-api.ts';
import {
  useAnswerSchedule,
  useDeliver,
  useFichaCommand,
  useScheduleFicha,
  type ConfirmedCommand,
} from '../api/ficha-commands-api.ts';
import { FICHA_ACTIONS, fichaEventsAllowed, scheduleEventsAllowed } from './ficha-machine.ts';
import { DeliverDialog } from './deliver-dialog.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { MANAGE } from './use-unit-id.ts';

const LABEL: Record<FichaEventType, string> = {
  'ficha.schedule': 'schedule',
  'ficha.deliver': 'deliver',
  'ficha.returnToNew': 'return_to_new',
  'ficha.clean': 'clean',
  'ficha.passToAfterSales': 'pass_to_after_sales',
};

/** Header actions of ficha/{unitId}: which appear comes from the ficha machine and the user's permissions. */
export function FichaActions({ ficha }: { ficha: FichaDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan(MANAGE);
  const permissions = permissionsOf(useAuthUser().data);
  const [open, setOpen] = useState<FichaEventType | null>(null);
  const owners = useQuery({ ...ownersQuery(ficha.id), enabled: open === 'ficha.deliver' });
  // Each button needs what the server asks of its event (domain/fichas.ts), so none is refused after the click.
  const allowed = fichaEventsAllowed(ficha).filter((e) => can(permissions, fichaCommands[e].permission));
  const scheduleAnswers = canManage ? scheduleEventsAllowed(ficha.schedule) : [];

  // The hooks own the caches; here only the dialog closes and the user is told.
  const done = (message = 'saved') => {
    setOpen(null);
    showSuccessToast(t(`deliveries_ui.messages.${message}`));
  };
  const schedule = useScheduleFicha(ficha.id);
  const answer = useAnswerSchedule(ficha.id);
  const command = useFichaCommand(ficha.id);
  const deliver = useDeliver(ficha.id);
  const confirm = (event: ConfirmedCommand) =>
    command.mutate(event, {
      onSuccess: ({ ticket }) => {
        if (ticket) navigate(`/warranties/solicitud/${ticket.id}`);
        done();
      },
    });

  const confirmable =
    open === 'ficha.clean' || open === 'ficha.returnToNew' || open === 'ficha.passToAfterSales' ? open : null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="ficha-actions">
      {scheduleAnswers.includes('schedule.confirm') ? (
        <Button
          size="sm"
          variant="outline"
          loading={answer.isPending}
          onClick={() => answer.mutate('schedule.confirm', { onSuccess: () => done() })}
          data-testid="action-schedule-confirm"
        >
          {t('deliveries_ui.actions.confirm_schedule')}
        </Button>
      ) : null}
      {scheduleAnswers.includes('schedule.reject') ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => answer.mutate('schedule.reject', { onSuccess: () => done() })}
          data-testid="action-schedule-reject"
        >
          {t('deliveries_ui.actions.reject_schedule')}
        </Button>
      ) : null}
      {FICHA_ACTIONS.filter((e) => allowed.includes(e)).map((e) => (
        <Button
          key={e}
          size="sm"
          variant={e === 'ficha.deliver' ? 'solid' : e === 'ficha.clean' ? 'outline' : 'subtle'}
          colorPalette={e === 'ficha.clean' ? 'red' : 'brand'}
          onClick={() => setOpen(e)}
          data-testid={`action-${LABEL[e]}`}
        >
          {t(`deliveries_ui.actions.${LABEL[e]}`)}
        </Button>
      ))}
      <ScheduleDialog
        open={open === 'ficha.schedule'}
        title={t('deliveries_ui.schedule.title')}
        initial={ficha.scheduled_delivery_at}
        busy={schedule.isPending}
        onSubmit={(iso) => schedule.mutate(iso, { onSuccess: () => done('scheduled') })}
        onClose={() => setOpen(null)}
        testId="schedule-dialog"
      />
      <DeliverDialog
        open={open === 'ficha.deliver'}
        owners={owners.data ?? []}
        onClose={() => setOpen(null)}
        onDeliver={async (request) => {
          await deliver.mutateAsync(request);
          done('delivered');
        }}
      />
      <ConfirmDialog
        open={confirmable !== null}
        busy={command.isPending}
        danger={confirmable === 'ficha.clean'}
        testId="confirm-dialog"
        title={confirmable ? t(`deliveries_ui.actions.${LABEL[confirmable]}`) : ''}
        body={confirmable ? t(`deliveries_ui.confirm.${LABEL[confirmable]}`) : ''}
        confirmLabel={confirmable ? t(`deliveries_ui.actions.${LABEL[confirmable]}`) : ''}
        onConfirm={() => {
          if (confirmable) confirm(confirmable);
        }}
        onClose={() => setOpen(null)}
      />
    </HStack>
  );
}
