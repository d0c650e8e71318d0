import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { CloseButton } from '../close-button.tsx';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_NAME_MAX, SHARE_VIEWS } from '#domain/saved-views';
import { showSuccessToast } from '../../api/notify.ts';
import { serverFieldErrors } from '../../api/errors.ts';
import { useCan } from '../../api/session/auth-user.ts';
import { useSavedViewMutations, type SavedViewsSource } from './views-api.ts';

/** Saves the list's current filters and sort under a name; sharing with the company is offered to SHARE_VIEWS. */
export function SaveViewDialog({
  source,
  params,
  open,
  onClose,
}: {
  source: SavedViewsSource;
  params: Record<string, string>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canShare = useCan(SHARE_VIEWS);
  const { create } = useSavedViewMutations(source);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  useEffect(() => {
    if (open) {
      setName('');
      setShared(false);
      create.reset();
    }
  }, [open]);
  const errors = serverFieldErrors(create.error);
  const save = () =>
    create.mutate(
      { name: name.trim(), shared, params },
      {
        onSuccess: () => {
          showSuccessToast(t('widgets.saved_views.saved'));
          onClose();
        },
      },
    );
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (!d.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="save-view-dialog">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (name.trim()) save();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('widgets.saved_views.save_title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required invalid={Boolean(errors.name)}>
                    <Field.Label>
                      {t('widgets.saved_views.name')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={name}
                      onChange={(e) => setName(e.target.value)}
                      maxLength={SAVED_VIEW_NAME_MAX}
                      autoFocus
                      data-testid="view-name"
                    />
                    {errors.name ? <Field.ErrorText>{errors.name}</Field.ErrorText> : null}
                  </Field.Root>
                  {canShare ? (
                    <Checkbox.Root checked={shared} onCheckedChange={(d) => setShared(d.checked === true)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t('widgets.saved_views.share')}</Checkbox.Label>
                    </Checkbox.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" disabled={!name.trim()} loading={create.isPending}>
                  {t('widgets.saved_views.save_confirm')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
