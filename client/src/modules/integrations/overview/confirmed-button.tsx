import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';

type Props = {
  label: string;
  title: string;
  body: string;
  busy: boolean;
  /** Runs once confirmed; the dialog closes when it settles (a refusal is the server's own toast). */
  onConfirm: (done: () => void) => void;
  variant?: 'solid' | 'outline';
  danger?: boolean;
  testId?: string;
};

/** A button whose action is confirmed first (docs/product.md §8: every state change asks before it is sent). */
export function ConfirmedButton({ label, title, body, busy, onConfirm, variant = 'outline', danger, testId }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        minH="44px"
        variant={variant}
        colorPalette={danger ? 'red' : 'brand'}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        body={body}
        confirmLabel={label}
        danger={danger}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}
