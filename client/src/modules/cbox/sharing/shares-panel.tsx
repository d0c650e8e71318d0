import { useState } from 'react';
import { Alert, Badge, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Trash2, User, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { holdsLevel, type CboxLevel } from '#domain/cbox';
import type { CboxShare } from '#domain/cbox-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { sharesQuery, targetOf, useDeleteShare, useUpdateShare } from '../api/sharing-api.ts';
import { LevelCheckboxes } from './level-checkboxes.tsx';
import { ShareForm } from './share-form.tsx';
import type { ShareTarget } from './share-target.ts';

/** "Personas y perfiles": who the item is shared with (inherited ones read-only), add, change, remove. */
export function SharesPanel({ target }: { target: ShareTarget }) {
  const { t } = useTranslation();
  const where = targetOf(target.kind, target.id);
  const query = useQuery(sharesQuery(where));
  const update = useUpdateShare(where);
  const remove = useDeleteShare(where);
  const [removing, setRemoving] = useState<CboxShare | null>(null);
  const canShare = holdsLevel(target.levels, 'can-share');

  const change = (share: CboxShare, levels: CboxLevel[]) =>
    update.mutate(
      { id: share.id, levels },
      { onSuccess: (s) => showSuccessToast(t('cbox_ui.sharing.updated', { name: s.subject.name })) },
    );

  return (
    <QueryState query={query} minH="20vh">
      {(shares) => (
        <Stack gap="4">
          {!canShare ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('cbox_ui.sharing.cannot_share')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {shares.length === 0 ? (
            <Text color="fg.muted">{t('cbox_ui.sharing.empty')}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t('cbox_ui.sharing.list_label')}>
              {shares.map((share) => (
                <Stack
                  as="li"
                  key={share.id}
                  gap="2"
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                  data-testid={`share-${share.id}`}
                >
                  <HStack gap="2" minW="0">
                    {share.subject.kind === 'user' ? <User size={16} aria-hidden /> : <Users size={16} aria-hidden />}
                    <Stack gap="0" flex="1" minW="0">
                      <Text fontWeight="medium" truncate>
                        {share.subject.name}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {t(
                          share.subject.kind === 'user'
                            ? 'cbox_ui.sharing.subject_user'
                            : 'cbox_ui.sharing.subject_profile',
                        )}
                      </Text>
                    </Stack>
                    {canShare && !share.inherited_from ? (
                      <IconButton
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('cbox_ui.sharing.remove', { name: share.subject.name })}
                        onClick={() => setRemoving(share)}
                        data-testid={`share-remove-${share.id}`}
                      >
                        <Trash2 size={18} />
                      </IconButton>
                    ) : null}
                  </HStack>
                  {share.inherited_from ? (
                    <Stack gap="1" data-testid={`share-inherited-${share.id}`}>
                      <HStack gap="1" wrap="wrap">
                        {share.levels.map((level) => (
                          <Badge key={level} variant="subtle">
                            {t(`cbox_ui.levels.${level}.label`)}
                          </Badge>
                        ))}
                      </HStack>
                      <Text
                        textStyle="xs"
                        color="fg.muted"
                        title={t('cbox_ui.sharing.inherited_help', { folder: share.inherited_from.name })}
                      >
                        {t('cbox_ui.sharing.inherited_from', { folder: share.inherited_from.name })}
                      </Text>
                    </Stack>
                  ) : (
                    <LevelCheckboxes
                      legend={t('cbox_ui.sharing.levels_of', { name: share.subject.name })}
                      value={share.levels}
                      grantable={target.levels}
                      onChange={(levels) => change(share, levels)}
                      disabled={!canShare || update.isPending}
                      testId={`share-${share.id}-level`}
                    />
                  )}
                </Stack>
              ))}
            </Stack>
          )}
          {canShare ? <ShareForm target={where} own={target.levels} shares={shares} /> : null}
          <ConfirmDialog
            open={removing !== null}
            title={t('cbox_ui.sharing.remove_title')}
            body={t('cbox_ui.sharing.remove_body', { name: removing?.subject.name ?? '', item: target.name })}
            confirmLabel={t('cbox_ui.sharing.remove_confirm')}
            danger
            busy={remove.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={() =>
              removing &&
              remove.mutate(removing.id, {
                onSuccess: () => {
                  showSuccessToast(t('cbox_ui.sharing.removed', { name: removing.subject.name }));
                  setRemoving(null);
                },
              })
            }
            testId="share-remove-confirm"
          />
        </Stack>
      )}
    </QueryState>
  );
}
