import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '../../widgets/display-date.ts';
import { AttachmentGallery } from '../../widgets/upload/attachment-gallery.tsx';
import { canAnswer, isVisitAhead, type PortalVisit } from './api/portal-api.ts';
import { useAnswerVisit } from './api/portal-mutations.ts';
import { AnswerPanel, type AnswerHandler } from './answer-panel.tsx';

const when = (iso: string | null, lang: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return displayDate(d, lang, { hours: d.getHours(), minutes: d.getMinutes() });
};

type CardProps = { visit: PortalVisit; busy: boolean; onAnswer: AnswerHandler };

/** One visit: the owner confirms or rejects it until the project's limit before it starts (docs/product.md §4); then the buttons are gone. */
function VisitCard({ visit, busy, onAnswer }: CardProps) {
  const { t, i18n } = useTranslation();
  const may = canAnswer(visit);
  const isOpen = isVisitAhead(visit.state);
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      bg="bg"
      data-testid="portal-visit"
      data-order-id={visit.id}
      data-state={visit.state}
    >
      <HStack gap="2" align="start">
        <Box color="brand.solid" pt="0.5">
          <CalendarClock size={18} aria-hidden="true" />
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{t(`portal.visit.kinds.${visit.kind}`)}</Text>
            <Badge
              variant="subtle"
              colorPalette={visit.state === 'confirmada' ? 'green' : visit.state === 'cancelada' ? 'red' : 'blue'}
              data-testid="portal-visit-state"
            >
              {t(`portal.visit.states.${visit.state}`)}
            </Badge>
          </HStack>
          <Text textStyle="sm">
            {when(visit.start_at, i18n.language)}
            {visit.responsible ? ` · ${visit.responsible.full_name}` : ''}
          </Text>
          {isOpen && (may.confirm || may.reject) && visit.deadline ? (
            <Text textStyle="xs" color="fg.muted">
              {t('portal.visit.answer_until', { date: when(visit.deadline, i18n.language) })}
            </Text>
          ) : null}
          {isOpen && !may.confirm && !may.reject && !visit.owner_decision && visit.deadline ? (
            <Text textStyle="xs" color="fg.muted" data-testid="portal-visit-closed">
              {t('portal.visit.deadline_passed', { date: when(visit.deadline, i18n.language) })}
            </Text>
          ) : null}
          {visit.owner_decision ? (
            <Text textStyle="xs" color="fg.muted">
              {t(`portal.visit.you_${visit.owner_decision}`, { date: when(visit.owner_decision_at, i18n.language) })}
            </Text>
          ) : null}
          {visit.result_photos?.length ? (
            <AttachmentGallery files={visit.result_photos} label={t('portal.visit.result_photos')} />
          ) : null}
          <AnswerPanel
            may={may}
            busy={busy}
            onAnswer={onAnswer}
            reasonMax={500}
            testId="portal-visit"
            labels={{
              confirm: t('portal.visit.confirm'),
              reject: t('portal.visit.reject'),
              sendReject: t('portal.visit.reject'),
              reason: t('portal.visit.reason'),
              cancel: t('portal.cancel'),
            }}
          />
        </Stack>
      </HStack>
    </Box>
  );
}

/** A list of visits with one answer hook for all of them (the home's upcoming visits, a ticket's visits). */
export function VisitList({ visits }: { visits: PortalVisit[] }) {
  const answer = useAnswerVisit();
  return visits.map((v) => (
    <VisitCard
      key={v.id}
      visit={v}
      busy={answer.isPending && answer.variables?.visit.id === v.id}
      onAnswer={(decision, reason, settled) => answer.mutate({ visit: v, decision, reason }, { onSettled: settled })}
    />
  ));
}
