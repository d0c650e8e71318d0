import { useState } from 'react';
import { Badge, Button, Card, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OWNER_ROLES, ownerSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { ownersQuery, type Owner } from '../api/ficha-api.ts';
import { useOwners } from '../api/ficha-tabs-api.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { MANAGE, useUnitId } from './use-unit-id.ts';

type Draft = { id?: number; name: string; last_name: string; mail: string; phone: string; role: Owner['role'] };
const blank: Draft = { name: '', last_name: '', mail: '', phone: '', role: 'propietario' };

/** docs/product.md §2 propietarios (default tab): owners and receivers of the unit (name, last name, mail, phone, role). */
export function PropietariosTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const canManage = useCan(MANAGE);
  const owners = useQuery(ownersQuery(unitId));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Owner | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, remove } = useOwners(unitId);

  const submit = () => {
    if (!draft) return;
    const input = {
      name: draft.name,
      last_name: draft.last_name || undefined,
      mail: draft.mail || undefined,
      phone: draft.phone || undefined,
      role: draft.role,
    };
    const checked = validate(ownerSchema, input, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.id, ...input },
      { onSuccess: () => setDraft(null), onError: (err) => setErrors(serverFieldErrors(err)) },
    );
  };

  if (owners.isPending) return <PageSpinner minH="20vh" />;
  const field = (name: keyof Omit<Draft, 'id' | 'role'>, required = false) => (
    <TextField
      label={t(`deliveries_ui.owners.${name}`)}
      value={draft?.[name] ?? ''}
      required={required}
      error={errors[name]}
      testId={`owner-${name}`}
      onChange={(v) => setDraft((d) => (d ? { ...d, [name]: v } : d))}
      maxLength={name === 'phone' ? 30 : 100}
    />
  );
  return (
    <Stack gap="3">
      {canManage ? (
        <Button
          alignSelf="flex-start"
          size="sm"
          colorPalette="brand"
          onClick={() => {
            setErrors({});
            setDraft(blank);
          }}
          data-testid="owner-add"
        >
          {t('deliveries_ui.owners.add')}
        </Button>
      ) : null}
      {owners.data?.length ? null : <Text color="fg.muted">{t('deliveries_ui.owners.empty')}</Text>}
      {owners.data?.map((o) => (
        <Card.Root key={o.id} size="sm" data-testid="owner-row">
          <Card.Body>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Stack gap="0" minW="0">
                <HStack gap="2">
                  <Text fontWeight="medium">{[o.name, o.last_name].filter(Boolean).join(' ')}</Text>
                  <Badge size="sm">{t(`deliveries.roles.${o.role}`)}</Badge>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {[o.mail, o.phone].filter(Boolean).join(' · ') || '—'}
                </Text>
              </Stack>
              {canManage ? (
                <HStack gap="1">
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t('deliveries_ui.actions.edit')}
                    onClick={() => {
                      setErrors({});
                      setDraft({
                        id: o.id,
                        name: o.name,
                        last_name: o.last_name ?? '',
                        mail: o.mail ?? '',
                        phone: o.phone ?? '',
                        role: o.role,
                      });
                    }}
                  >
                    <Pencil size={16} />
                  </IconButton>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('deliveries_ui.actions.delete')}
                    onClick={() => setRemoving(o)}
                  >
                    <Trash2 size={16} />
                  </IconButton>
                </HStack>
              ) : null}
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
      <Dialog.Root
        open={draft !== null}
        onOpenChange={(d) => {
          if (!d.open) setDraft(null);
        }}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="owner-dialog">
              <Dialog.Header>
                <Dialog.Title>{t(draft?.id ? 'deliveries_ui.owners.edit' : 'deliveries_ui.owners.add')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {field('name', true)}
                  {field('last_name')}
                  {field('mail')}
                  {field('phone')}
                  <SelectField
                    label={t('deliveries_ui.owners.role')}
                    required
                    value={draft?.role ?? 'propietario'}
                    error={errors.role}
                    testId="owner-role"
                    options={OWNER_ROLES.map((r) => ({ value: r, label: t(`deliveries.roles.${r}`) }))}
                    onChange={(v) => setDraft((d) => (d ? { ...d, role: v as Owner['role'] } : d))}
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setDraft(null)}>
                  {t('deliveries_ui.actions.cancel')}
                </Button>
                <Button colorPalette="brand" loading={save.isPending} onClick={submit} data-testid="owner-save">
                  {t('deliveries_ui.actions.save')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={removing !== null}
        danger
        busy={remove.isPending}
        title={t('deliveries_ui.owners.remove_title')}
        body={t('deliveries_ui.owners.remove_body', {
          name: removing ? [removing.name, removing.last_name].filter(Boolean).join(' ') : '',
        })}
        confirmLabel={t('deliveries_ui.actions.delete')}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
