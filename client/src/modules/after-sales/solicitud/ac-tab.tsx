import { useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AcFollowUp } from '#machines/ac';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { useAcFollowUp, useCreateAc } from '../api/ac-mutations.ts';
import { AcSignOff, useAcSignOff, type AcSignActions } from './ac-sign-off.tsx';
import type { AcView } from '../api/types.ts';
import { acsQuery, failuresQuery } from '../api/work-api.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { AttachmentGallery, type AttachmentGalleryProps } from '../../../widgets/upload/attachment-gallery.tsx';
import { useMarkupHandlers } from '../api/photo-mutations.ts';
import { acEventsAllowed, isFailureSolved } from '../components/work-machines.ts';
import { AcReplyDialog } from './ac-reply-dialog.tsx';
import { useTicket } from './use-ticket.ts';
import { showSuccessToast } from '../../../api/notify.ts';

const PALETTE: Record<string, string> = {
  pendiente: 'gray',
  conforme: 'green',
  no_conforme: 'orange',
  rechazada: 'red',
};

type CardProps = {
  ticketId: number;
  ac: AcView;
  canManage: boolean;
  /** The follow-up being sent for this AC, if any. */
  pending: AcFollowUp | null;
  onReply: () => void;
  onFollowUp: (followUp: AcFollowUp) => void;
  /** "Marcar" on the answer's photos, for whoever may record the answer. */
  onMarkup?: AttachmentGalleryProps['onMarkup'];
  /** The act's PDF and its sign-off (docs/product.md#ac-sign-off). */
  sign: AcSignActions;
};

function AcCard({ ticketId, ac, canManage, pending, onReply, onFollowUp, onMarkup, sign }: CardProps) {
  const { t, i18n } = useTranslation();
  const allowed = acEventsAllowed(ac);
  const canReply = allowed.some((e) => e === 'ac.approve' || e === 'ac.disapprove' || e === 'ac.reject');
  const fo = ac.follow_up_order;
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid="ac-card" data-state={ac.state}>
      <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2">
            <Text fontWeight="semibold">{ac.code}</Text>
            <Badge colorPalette={PALETTE[ac.state]}>{t(`after_sales.ac_states.${ac.state}`)}</Badge>
          </HStack>
          {ac.failures.map((f) => (
            <Text key={f.id} textStyle="sm">
              {f.place} › {f.item} › {f.detail}
            </Text>
          ))}
          {ac.reply ? (
            <Text textStyle="sm" color="fg.muted">
              «{ac.reply}» · {ac.replied_by?.full_name} · {dateTimeText(ac.replied_at, i18n.language)}
            </Text>
          ) : null}
          {ac.attachments.length ? (
            <AttachmentGallery files={ac.attachments} label={t('after_sales_ui.ac.photos')} onMarkup={onMarkup} />
          ) : null}
          {fo ? (
            <Text textStyle="sm">
              {t(`after_sales_ui.ac.follow_ups.${ac.follow_up}`)}:{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to={`/warranties/solicitud/${ticketId}/${fo.kind === 'OI' ? 'oi' : 'ot'}`}>
                  {fo.code}
                </RouterLink>
              </Link>
            </Text>
          ) : null}
          <AcSignOff ac={ac} canSign={canManage && allowed.includes('ac.sign')} actions={sign} />
        </Stack>
        {canManage ? (
          <HStack gap="1" align="start" wrap="wrap" flexShrink={0}>
            {canReply ? (
              <Button size="xs" colorPalette="brand" onClick={onReply} data-testid="ac-reply">
                {t('after_sales_ui.ac.record_reply')}
              </Button>
            ) : null}
            {allowed.includes('ac.markForReinspection') ? (
              <Button
                size="xs"
                variant="outline"
                loading={pending === 'reinspeccion'}
                onClick={() => onFollowUp('reinspeccion')}
              >
                {t('after_sales_ui.ac.follow_ups.reinspeccion')}
              </Button>
            ) : null}
            {allowed.includes('ac.markForWorkOrder') ? (
              <Button
                size="xs"
                variant="outline"
                loading={pending === 'orden_trabajo'}
                onClick={() => onFollowUp('orden_trabajo')}
              >
                {t('after_sales_ui.ac.follow_ups.orden_trabajo')}
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Flex>
    </Box>
  );
}

/** docs/product.md §2 solicitud/{id}/ac: conformity acts (pending, conforming, non-conforming, rejected) and their follow-up. */
export function AcTab() {
  const { t } = useTranslation();
  const ticket = useTicket();
  const canManage = useCan('postventa_gestionar');
  const acs = useQuery(acsQuery(ticket.id));
  const failures = useQuery(failuresQuery(ticket.id));
  const [chosen, setChosen] = useState<number[]>([]);
  // Solved failures without an act (e.g. solved in after-sales) can be put to the owner in a new AC.
  const uncovered = (failures.data ?? []).filter((f) => !f.ac && isFailureSolved(f));
  const create = useCreateAc(ticket.id);
  // One follow-up hook and one reply dialog for the whole list, not one per AC.
  const follow = useAcFollowUp(ticket.id);
  const markupOf = useMarkupHandlers(ticket.id);
  const [replying, setReplying] = useState<AcView | null>(null);
  const sign = useAcSignOff(
    ticket.id,
    ticket.applicant ? `${ticket.applicant.name} ${ticket.applicant.last_name}` : '',
  );
  return (
    <Stack gap="3">
      {canManage && uncovered.length ? (
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
          <Text fontWeight="medium" mb="2">
            {t('after_sales_ui.ac.create_intro')}
          </Text>
          <Stack gap="1">
            {uncovered.map((f) => (
              <Checkbox.Root
                key={f.id}
                checked={chosen.includes(f.id)}
                onCheckedChange={() =>
                  setChosen((c) => (c.includes(f.id) ? c.filter((x) => x !== f.id) : [...c, f.id]))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {f.place.name} › {f.item.name} › {f.detail.name}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          <Button
            size="sm"
            mt="2"
            colorPalette="brand"
            disabled={!chosen.length}
            loading={create.isPending}
            onClick={() =>
              create.mutate(chosen, {
                onSuccess: () => {
                  setChosen([]);
                  showSuccessToast(t('after_sales_ui.toasts.ac_created'));
                },
              })
            }
          >
            {t('after_sales_ui.ac.create')}
          </Button>
        </Box>
      ) : null}
      {acs.isPending ? (
        <PageSpinner minH="20vh" />
      ) : !acs.data?.length ? (
        <Text color="fg.muted">{t('after_sales_ui.ac.empty')}</Text>
      ) : (
        acs.data.map((ac) => (
          <AcCard
            key={ac.id}
            ticketId={ticket.id}
            ac={ac}
            canManage={canManage}
            onMarkup={canManage ? markupOf({ kind: 'ac', acId: ac.id }) : undefined}
            pending={follow.isPending && follow.variables?.acId === ac.id ? follow.variables.followUp : null}
            onReply={() => setReplying(ac)}
            sign={sign.actions}
            onFollowUp={(followUp) =>
              follow.mutate(
                { acId: ac.id, followUp },
                { onSuccess: () => showSuccessToast(t('after_sales_ui.toasts.ac_follow_up', { code: ac.code })) },
              )
            }
          />
        ))
      )}
      <AcReplyDialog ticketId={ticket.id} ac={replying} onClose={() => setReplying(null)} />
      {sign.dialog}
    </Stack>
  );
}
