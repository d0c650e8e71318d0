import { useState } from 'react';
import { Button, Checkbox, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BULK_SELECTION_MAX } from '#domain/limits';
import { useMergeTickets } from '../api/ticket-mutations.ts';
import { mergeCandidatesQuery } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';
import { dateText } from '../../../widgets/date-text.ts';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';
import { showSuccessToast } from '../../../api/notify.ts';

/**
 * docs/product.md §2/§4 merge dialog: the other tickets of the same unit (the API lists only those, and only
 * those the machine lets merge); the chosen ones end merged into this one, which keeps their
 * messages, failures and orders.
 */
export function MergeDialog({ ticket, open, onClose }: { ticket: TicketDetail; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const candidates = useQuery({ ...mergeCandidatesQuery(ticket.id), enabled: open });
  const [chosen, setChosen] = useState<number[]>([]);
  const merge = useMergeTickets(ticket.id);
  const confirm = () =>
    merge.mutate(chosen, {
      onSuccess: () => {
        showSuccessToast(t('after_sales_ui.toasts.merged', { count: chosen.length, code: ticket.code }));
        setChosen([]);
        onClose();
      },
    });
  const toggle = (id: number) =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length < BULK_SELECTION_MAX ? [...c, id] : c));
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="merge-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('after_sales_ui.merge.title', { code: ticket.code })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text textStyle="sm" color="fg.muted" mb="3">
                {t('after_sales_ui.merge.intro', { unit: ticket.unit.number })}
              </Text>
              {candidates.isPending ? (
                <Spinner />
              ) : !candidates.data?.length ? (
                <Text data-testid="merge-empty">{t('after_sales_ui.merge.none')}</Text>
              ) : (
                <Stack gap="2" as="ul" listStyleType="none" m="0" p="0">
                  {candidates.data.map((c) => (
                    <li key={c.id}>
                      <Checkbox.Root
                        checked={chosen.includes(c.id)}
                        onCheckedChange={() => toggle(c.id)}
                        data-testid="merge-candidate"
                        alignItems="flex-start"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control mt="1" />
                        <Checkbox.Label>
                          <Stack gap="0">
                            <Text as="span" display="inline-flex" gap="2" alignItems="center">
                              <TicketStateTag state={c.state} size="sm" />
                              <b>{c.code}</b>
                            </Text>
                            <Text as="span" textStyle="sm">
                              {c.subject}
                            </Text>
                            <Text as="span" textStyle="xs" color="fg.muted">
                              {dateText(c.created_at, i18n.language)}
                            </Text>
                          </Stack>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    </li>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('after_sales_ui.actions.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                disabled={!chosen.length}
                loading={merge.isPending}
                onClick={confirm}
                data-testid="merge-confirm"
              >
                {t('after_sales_ui.merge.confirm', { count: chosen.length })}
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
