import { useEffect, useState } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PositionRow } from '#domain/access-responses';
import { positionCreateSchema } from '#domain/schemas/positions';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useUpdatePosition } from './cargos-api.ts';

/** Renames a position under the same name rules as a new one (docs/product.md §5). */
export function RenamePositionDialog({ position, onClose }: { position: PositionRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdatePosition();
  useEffect(() => {
    setName(position?.name ?? '');
    setErrors({});
  }, [position]);
  const submit = () => {
    if (!position) return;
    const checked = validate(positionCreateSchema, { name }, t);
    if (!checked.ok) return setErrors(checked.errors);
    update.mutate(
      { id: position.id, name: checked.data.name },
      {
        onSuccess: () => {
          showSuccessToast(t('config_positions_ui.saved'));
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };
  return (
    <Dialog.Root open={position !== null} onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="position-rename-dialog">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('config_positions_ui.rename_title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <TextField
                  label={t('config_positions_ui.name')}
                  required
                  value={name}
                  onChange={setName}
                  error={errors.name}
                  testId="position-rename-name"
                />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={update.isPending}>
                  {t('config_positions_ui.rename')}
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
