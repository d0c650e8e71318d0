import { useState } from 'react';
import { Badge, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PermissionCatalogue, ProfileRow } from '#domain/access-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { ModulesPanel } from './modules-panel.tsx';
import { catalogueQuery, profilesQuery, useDeleteProfile, useDuplicateProfile } from './permisos-api.ts';
import { ProfileEditor } from './profile-editor.tsx';

/** What the editor shows: nothing yet, a new profile, or one of the list (by id, so a refetch keeps it open). */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'profile'; id: number };

/** docs/product.md §2 config permisos: profiles with groups, permissions and exclusive ones; the company's modules. */
export function PermisosPage() {
  const { t } = useTranslation();
  const catalogue = useQuery(catalogueQuery);
  const list = useQuery(profilesQuery);
  return (
    <Stack gap="4">
      <PageHeader title={t('config_profiles_ui.title')} />
      <QueryState query={catalogue}>
        {(cat) => (
          <>
            <ModulesPanel catalogue={cat} />
            <QueryState query={list}>{(rows) => <ProfilesWorkspace catalogue={cat} rows={rows} />}</QueryState>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function ProfilesWorkspace({ catalogue, rows }: { catalogue: PermissionCatalogue; rows: ProfileRow[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<ProfileRow | null>(null);
  const duplicate = useDuplicateProfile();
  const remove = useDeleteProfile();
  const open = editing.kind === 'profile' ? (rows.find((r) => r.id === editing.id) ?? null) : null;
  return (
    <Grid templateColumns={{ base: '1fr', xl: '340px 1fr' }} gap="4" alignItems="start">
      <Card.Root as="section" aria-labelledby="profiles-title">
        <Card.Body>
          <Stack gap="3">
            <HStack justify="space-between">
              <Heading as="h2" size="md" id="profiles-title">
                {t('config_profiles_ui.profiles')}
              </Heading>
              <Button
                colorPalette="brand"
                minH="44px"
                onClick={() => setEditing({ kind: 'new' })}
                data-testid="profile-new"
              >
                {t('config_profiles_ui.new')}
              </Button>
            </HStack>
            {rows.length === 0 ? <Text color="fg.muted">{t('config_profiles_ui.empty')}</Text> : null}
            <Stack as="ul" gap="2" listStyleType="none" data-testid="profiles-list">
              {rows.map((p) => (
                <Stack
                  as="li"
                  key={p.id}
                  gap="1"
                  borderWidth="1px"
                  borderRadius="md"
                  p="2"
                  data-testid={`profile-${p.id}`}
                >
                  <HStack justify="space-between" wrap="wrap">
                    <Text fontWeight="semibold">{p.name}</Text>
                    <Text textStyle="sm" color="fg.muted">
                      {t('config_profiles_ui.users', { count: p.users_count })}
                    </Text>
                  </HStack>
                  {p.groups.length ? (
                    <HStack gap="1" wrap="wrap">
                      {p.groups.map((g) => (
                        <Badge key={g}>{g}</Badge>
                      ))}
                    </HStack>
                  ) : null}
                  <HStack gap="2" wrap="wrap">
                    <Button
                      size="sm"
                      minH="44px"
                      variant="outline"
                      onClick={() => setEditing({ kind: 'profile', id: p.id })}
                    >
                      {t('config_profiles_ui.edit')}
                    </Button>
                    <Button
                      size="sm"
                      minH="44px"
                      variant="outline"
                      loading={duplicate.isPending && duplicate.variables === p.id}
                      onClick={() =>
                        duplicate.mutate(p.id, {
                          onSuccess: (copy) => {
                            showSuccessToast(t('config_profiles_ui.duplicated', { name: copy.name }));
                            setEditing({ kind: 'profile', id: copy.id });
                          },
                        })
                      }
                    >
                      {t('config_profiles_ui.duplicate')}
                    </Button>
                    <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => setDeleting(p)}>
                      {t('config_profiles_ui.delete')}
                    </Button>
                  </HStack>
                </Stack>
              ))}
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {editing.kind === 'none' || (editing.kind === 'profile' && !open) ? (
        <Text color="fg.muted">{t('config_profiles_ui.pick')}</Text>
      ) : (
        <ProfileEditor
          // A new key per profile and version: the editor starts again from what the server holds.
          key={open ? `${open.id}:${open.updated_at}` : 'new'}
          catalogue={catalogue}
          profile={open}
          onSaved={(row) => setEditing({ kind: 'profile', id: row.id })}
          onCancel={() => setEditing({ kind: 'none' })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('config_profiles_ui.delete_title')}
        body={t('config_profiles_ui.delete_body', { name: deleting?.name ?? '' })}
        confirmLabel={t('config_profiles_ui.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccessToast(t('config_profiles_ui.deleted'));
              if (editing.kind === 'profile' && editing.id === deleting.id) setEditing({ kind: 'none' });
            },
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Grid>
  );
}
