import { useState, type ReactNode } from 'react';
import { Alert, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';

/**
 * A secret shown this once (docs/product.md §3 "secret key (shown once, renewable)"): the server answers it only on
 * create and renew, no cache keeps it, and closing the dialog forgets it. `children` are the values to copy.
 */
export function ShownOnceDialog(props: {
  open: boolean;
  title: string;
  notice: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(d) => !d.open && props.onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Title>{props.notice}</Alert.Title>
                </Alert.Root>
                {props.children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={props.onClose} data-testid={`${props.testId}-done`}>
                {t('integrations_ui.common.secret_done')}
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

/** A value with a copy button (docs/product.md §8: a failed copy says so). */
export function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        showSuccessToast(t('integrations_ui.common.copied'));
      },
      () => showErrorToast(0, t('integrations_ui.common.copy_failed')),
    );
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack gap="2" align="stretch">
        <Code flex="1" minW="0" px="3" py="2" fontSize="sm" wordBreak="break-all" data-testid={testId}>
          {value}
        </Code>
        <Button size="sm" minH="44px" variant="outline" onClick={() => void copy()}>
          {t(copied ? 'integrations_ui.common.copied' : 'integrations_ui.common.copy')}
        </Button>
      </HStack>
    </Stack>
  );
}
