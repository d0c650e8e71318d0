import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';
import { SlotPicker, isoToSlot, slotToIso, type Slot } from '../../../widgets/time-picker.tsx';

type Props = {
  open: boolean;
  title: string;
  initial?: string | null;
  busy?: boolean;
  error?: string;
  children?: ReactNode;
  onSubmit: (startAt: string) => void;
  onClose: () => void;
  testId?: string;
};

/** Date plus hour 0–23 and minute 00/15/30/45 (docs/product.md §9 time picker) for one unit or a bulk schedule. */
export function ScheduleDialog({ open, title, initial, busy, error, children, onSubmit, onClose, testId }: Props) {
  const { t } = useTranslation();
  const [slot, setSlot] = useState<Slot>(() => isoToSlot(initial));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (open) {
      setSlot(isoToSlot(initial));
      setInvalid(false);
    }
  }, [open, initial]);
  const submit = () => {
    const iso = slotToIso(slot);
    if (!iso) {
      setInvalid(true);
      return;
    }
    onSubmit(iso);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                <SlotPicker
                  label={t('deliveries_ui.schedule.start_at')}
                  value={slot}
                  onChange={setSlot}
                  required
                  invalid={invalid || Boolean(error)}
                  errorText={invalid ? t('validation.date') : error}
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('deliveries_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={submit} data-testid="schedule-submit">
                {t('deliveries_ui.schedule.submit')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
