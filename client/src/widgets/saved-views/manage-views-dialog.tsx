import { useState } from 'react';
import { Button, Dialog, Field, HStack, IconButton, Input, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { CloseButton } from '../close-button.tsx';
import { Check, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_NAME_MAX, SHARE_VIEWS } from '#domain/saved-views';
import { serverFieldErrors } from '../../api/errors.ts';
import { useCan } from '../../api/session/auth-user.ts';
import { useSavedViewMutations, type SavedView, type SavedViewsSource } from './views-api.ts';

/** One editable view: rename, share or stop sharing (SHARE_VIEWS), delete. */
function ViewRow({ view, source }: { view: SavedView; source: SavedViewsSource }) {
  const { t } = useTranslation();
  const canShare = useCan(SHARE_VIEWS);
  const { update, remove } = useSavedViewMutations(source);
  const [name, setName] = useState(view.name);
  const error = serverFieldErrors(update.error).name;
  const changed = name.trim() !== view.name && name.trim().length > 0;
  return (
    <Stack gap="1" borderBottomWidth="1px" pb="3" data-testid="manage-view-row">
      <HStack gap="2" align="flex-start">
        <Field.Root invalid={Boolean(error)} flex="1">
          <Field.Label srOnly>{t('widgets.saved_views.name')}</Field.Label>
          <Input size="sm" value={name} maxLength={SAVED_VIEW_NAME_MAX} onChange={(e) => setName(e.target.value)} />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t('widgets.saved_views.rename')}
          title={t('widgets.saved_views.rename')}
          disabled={!changed}
          loading={update.isPending}
          onClick={() => update.mutate({ id: view.id, name: name.trim() })}
        >
          <Check size={16} />
        </IconButton>
        <IconButton
          size="sm"
          variant="outline"
          colorPalette="red"
          aria-label={t('widgets.saved_views.delete', { name: view.name })}
          title={t('widgets.saved_views.delete', { name: view.name })}
          loading={remove.isPending}
          onClick={() => remove.mutate(view.id)}
        >
          <Trash2 size={16} />
        </IconButton>
      </HStack>
      <HStack justify="space-between">
        <Text textStyle="xs" color="fg.muted">
          {view.is_mine ? t('widgets.saved_views.mine') : t('widgets.saved_views.by', { name: view.owner.full_name })}
        </Text>
        {canShare ? (
          <Switch.Root
            size="sm"
            checked={view.shared}
            disabled={update.isPending}
            onCheckedChange={(d) => update.mutate({ id: view.id, shared: d.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('widgets.saved_views.share')}</Switch.Label>
          </Switch.Root>
        ) : view.shared ? (
          <Text textStyle="xs">{t('widgets.saved_views.shared_tag')}</Text>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** The views the caller may change: their own, and shared ones when they hold SHARE_VIEWS. */
export function ManageViewsDialog({
  source,
  views,
  open,
  onClose,
}: {
  source: SavedViewsSource;
  views: SavedView[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (!d.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="manage-views-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('widgets.saved_views.manage_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {views.length ? (
                  views.map((v) => <ViewRow key={v.id} view={v} source={source} />)
                ) : (
                  <Text color="fg.muted">{t('widgets.saved_views.empty')}</Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('widgets.saved_views.close')}
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
