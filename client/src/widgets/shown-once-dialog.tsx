import { useState, type ReactNode } from 'react';
import { Alert, Button, Code, Dialog, HStack, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { showErrorToast, showSuccessToast } from '../api/notify.ts';
import { CloseButton } from './close-button.tsx';

/**
 * A secret shown this once (docs/product.md §3 "secret key (shown once, renewable)"; a Cbox share link's address):
 * the server answers it only when it is made, no cache keeps it, and closing the dialog forgets it. `children` are
 * the values to copy (CopyLine). Its words come from the caller, like ConfirmDialog's.
 */
export function ShownOnceDialog(props: {
  open: boolean;
  title: string;
  notice: string;
  doneLabel: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
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
                {props.doneLabel}
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

/** The words of a copy button: its label, what it says once copied (also read out), and a failed copy's notice. */
export type CopyTexts = { copy: string; copied: string; failed: string };

/** A value with a copy button (docs/product.md §8: a failed copy says so; a screen reader hears the success). */
export function CopyLine({
  label,
  value,
  texts,
  testId,
}: {
  label: string;
  value: string;
  texts: CopyTexts;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        showSuccessToast(texts.copied);
      },
      () => showErrorToast(0, texts.failed),
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
        <Button
          size="sm"
          minH="44px"
          variant="outline"
          onClick={() => void copy()}
          data-testid={testId ? `${testId}-copy` : undefined}
        >
          {copied ? texts.copied : texts.copy}
        </Button>
      </HStack>
      <VisuallyHidden aria-live="polite">{copied ? texts.copied : ''}</VisuallyHidden>
    </Stack>
  );
}
