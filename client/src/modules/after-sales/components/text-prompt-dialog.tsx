import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  description?: ReactNode;
  label: string;
  confirmLabel: string;
  /** docs/product.md §5 "closing a ticket requires a justification message": confirm stays off until there is text. */
  required?: boolean;
  maxLength?: number;
  danger?: boolean;
  busy?: boolean;
  /** Field error from the server (422) or the shared schema. */
  error?: string;
  onConfirm: (text: string) => void;
  onClose: () => void;
  testId?: string;
};

/** A confirmation that asks for a text (justification, reason, comment). */
export function TextPromptDialog({
  open,
  title,
  description,
  label,
  confirmLabel,
  required,
  maxLength,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  useEffect(() => {
    if (open) setText('');
  }, [open]);
  const isEmpty = text.trim().length === 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!(required && isEmpty)) onConfirm(text.trim());
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {description ? (
                    <Text textStyle="sm" color="fg.muted">
                      {description}
                    </Text>
                  ) : null}
                  <Field.Root required={required} invalid={Boolean(error)}>
                    <Field.Label>
                      {label}
                      {required ? <Field.RequiredIndicator /> : null}
                    </Field.Label>
                    <Textarea
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      maxLength={maxLength}
                      rows={4}
                      autoFocus
                    />
                    {maxLength ? <Field.HelperText>{`${text.length} / ${maxLength}`}</Field.HelperText> : null}
                    {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('after_sales_ui.actions.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette={danger ? 'red' : 'brand'}
                  disabled={required && isEmpty}
                  loading={busy}
                >
                  {confirmLabel}
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
