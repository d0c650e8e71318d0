import { useState } from 'react';
import { Button, Checkbox, CloseButton, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BULK_SELECTION_MAX } from '#domain/limits';
import { warrantyKeys } from '../api/keys.ts';
import { mergeCandidatesQuery, ticketsApi } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';
import { dateText } from '../components/dates.ts';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';

/**
 * docs/product.md §2/§4 merge dialog: the other tickets of the same unit (the API lists only those, and only
 * those the machine lets merge); the chosen ones end merged into this one, which keeps their
 * messages, failures and orders.
 */
export function MergeDialog({ ticket, open, onClose }: { ticket: TicketDetail; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const candidates = useQuery({ ...mergeCandidatesQuery(ticket.id), enabled: open });
  const [chosen, setChosen] = useState<number[]>([]);
  const merge = useMutation({
    mutationFn: () => ticketsApi.merge(ticket.id, chosen),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.all });
      setChosen([]);
      onClose();
    },
  });
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length < BULK_SELECTION_MAX ? [...c, id] : c));
  return (
    <Dialog.Root open={open} onOpenChange={(d) => { if (!d.open) onClose(); }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="merge-dialog">
            <Dialog.Header><Dialog.Title>{t('warranties_ui.merge.title', { code: ticket.code })}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Text textStyle="sm" color="fg.muted" mb="3">{t('warranties_ui.merge.intro', { unit: ticket.unit.number })}</Text>
              {candidates.isPending ? <Spinner /> : !candidates.data?.length ? (
                <Text data-testid="merge-empty">{t('warranties_ui.merge.none')}</Text>
              ) : (
                <Stack gap="2" as="ul" listStyleType="none" m="0" p="0">
                  {candidates.data.map((c) => (
                    <li key={c.id}>
                      <Checkbox.Root checked={chosen.includes(c.id)} onCheckedChange={() => toggle(c.id)} data-testid="merge-candidate" alignItems="flex-start">
                        <Checkbox.HiddenInput /><Checkbox.Control mt="1" />
                        <Checkbox.Label>
                          <Stack gap="0">
                            <Text as="span" display="inline-flex" gap="2" alignItems="center"><TicketStateTag state={c.state} size="sm" /><b>{c.code}</b></Text>
                            <Text as="span" textStyle="sm">{c.subject}</Text>
                            <Text as="span" textStyle="xs" color="fg.muted">{dateText(c.created_at, i18n.language)}</Text>
                          </Stack>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    </li>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{t('warranties_ui.actions.cancel')}</Button>
              <Button colorPalette="brand" disabled={!chosen.length} loading={merge.isPending} onClick={() => merge.mutate()} data-testid="merge-confirm">
                {t('warranties_ui.merge.confirm', { count: chosen.length })}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
