import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxLink } from '#domain/cbox-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { CopyLine, ShownOnceDialog } from '../../../widgets/shown-once-dialog.tsx';
import { linksQuery, targetOf, useRevokeLink, type CreatedLink } from '../api/sharing-api.ts';
import { LinkForm } from './link-form.tsx';
import type { ShareTarget } from './share-target.ts';

type LinkState = 'active' | 'expired' | 'revoked';
export const linkStateOf = (link: CboxLink, now = Date.now()): LinkState =>
  link.revoked_at ? 'revoked' : new Date(link.expires_at).getTime() <= now ? 'expired' : 'active';
const STATE_COLOR: Record<LinkState, string> = { active: 'green', expired: 'gray', revoked: 'red' };

/** "Enlaces": the item's links for people outside the company, a new one (its address shown once), revoke. */
export function LinksPanel({ target }: { target: ShareTarget }) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const where = targetOf(target.kind, target.id);
  const query = useQuery(linksQuery(where));
  const revoke = useRevokeLink(where);
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const [revoking, setRevoking] = useState<CboxLink | null>(null);
  const nameOf = (link: CboxLink) => link.label || t('cbox_ui.links.unnamed');

  return (
    <Stack gap="4">
      <QueryState query={query} minH="20vh">
        {(links) =>
          links.length === 0 ? (
            <Text color="fg.muted">{t('cbox_ui.links.empty')}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t('cbox_ui.links.list_label')}>
              {links.map((link) => {
                const state = linkStateOf(link);
                return (
                  <Stack
                    as="li"
                    key={link.id}
                    gap="1"
                    borderWidth="1px"
                    borderRadius="md"
                    p="3"
                    data-testid={`link-${link.id}`}
                    data-state={state}
                  >
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium" flex="1" minW="0" truncate>
                        {nameOf(link)}
                      </Text>
                      <Badge colorPalette={STATE_COLOR[state]}>{t(`cbox_ui.links.state_${state}`)}</Badge>
                    </HStack>
                    <Text textStyle="sm" color="fg.muted">
                      {state === 'revoked' && link.revoked_at
                        ? t('cbox_ui.links.revoked_on', { date: dateText(link.revoked_at, locale) })
                        : t(state === 'expired' ? 'cbox_ui.links.expired_on' : 'cbox_ui.links.expires', {
                            date: dateText(link.expires_at, locale),
                          })}
                      {' · '}
                      {t('cbox_ui.links.opens', { count: link.open_count })}
                    </Text>
                    <HStack gap="2" justify="space-between" wrap="wrap">
                      {link.has_password ? (
                        <HStack gap="1" textStyle="sm" color="fg.muted">
                          <Lock size={14} aria-hidden />
                          <Text>{t('cbox_ui.links.with_password')}</Text>
                        </HStack>
                      ) : (
                        <span />
                      )}
                      {state === 'active' ? (
                        <Button
                          size="sm"
                          minH="44px"
                          variant="outline"
                          colorPalette="red"
                          aria-label={t('cbox_ui.links.revoke_label', { name: nameOf(link) })}
                          onClick={() => setRevoking(link)}
                          data-testid={`link-revoke-${link.id}`}
                        >
                          {t('cbox_ui.links.revoke')}
                        </Button>
                      ) : null}
                    </HStack>
                  </Stack>
                );
              })}
            </Stack>
          )
        }
      </QueryState>
      <LinkForm target={where} onCreated={setCreated} />
      <ShownOnceDialog
        open={created !== null}
        title={t('cbox_ui.links.created_title')}
        notice={t('cbox_ui.links.created_notice')}
        doneLabel={t('cbox_ui.links.done')}
        onClose={() => setCreated(null)}
        testId="link-created"
      >
        <CopyLine
          label={t('cbox_ui.links.url_label')}
          value={created?.url ?? ''}
          texts={{
            copy: t('cbox_ui.links.copy'),
            copied: t('cbox_ui.links.copied'),
            failed: t('cbox_ui.links.copy_failed'),
          }}
          testId="link-created-url"
        />
      </ShownOnceDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('cbox_ui.links.revoke_title')}
        body={t('cbox_ui.links.revoke_body', { name: revoking ? nameOf(revoking) : '' })}
        confirmLabel={t('cbox_ui.links.revoke')}
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              showSuccessToast(t('cbox_ui.links.revoked'));
              setRevoking(null);
            },
          })
        }
        testId="link-revoke-confirm"
      />
    </Stack>
  );
}
