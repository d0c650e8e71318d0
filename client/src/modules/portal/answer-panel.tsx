import { useState } from 'react';
import { Button, HStack, Stack, Textarea } from '@chakra-ui/react';

export type Decision = 'confirmar' | 'rechazar';
export type AnswerHandler = (decision: Decision, reason: string | undefined, settled: () => void) => void;

// docs/product.md#owner-portal: answers are 44 px targets, full width on a phone, wherever the panel is shown.
const TARGET = { minH: '44px', flex: { base: '1', sm: 'initial' } } as const;

/**
 * The owner's answer to something proposed to them, a visit or a delivery date (docs/product.md §4): confirm,
 * or reject with an optional reason. The caller says which answers are still allowed (`may`, from the
 * server's machine verdict and the deadline) and words them; `testId` prefixes the buttons' test ids.
 */
export function AnswerPanel(props: {
  may: { confirm: boolean; reject: boolean };
  busy: boolean;
  onAnswer: AnswerHandler;
  labels: { confirm: string; reject: string; sendReject: string; reason: string; cancel: string };
  reasonMax: number;
  testId: string;
}) {
  const { may, busy, labels, testId } = props;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = (decision: Decision, why?: string) => props.onAnswer(decision, why, () => setRejecting(false));
  if (rejecting)
    return (
      <Stack
        gap="2"
        mt="1"
        as="form"
        onSubmit={(e) => {
          e.preventDefault();
          send('rechazar', reason.trim() || undefined);
        }}
      >
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={props.reasonMax}
          rows={3}
          autoFocus
          aria-label={labels.reason}
          placeholder={labels.reason}
        />
        <HStack gap="2" wrap="wrap">
          <Button type="submit" colorPalette="red" loading={busy} {...TARGET} data-testid={`${testId}-reject-send`}>
            {labels.sendReject}
          </Button>
          <Button variant="ghost" onClick={() => setRejecting(false)} {...TARGET}>
            {labels.cancel}
          </Button>
        </HStack>
      </Stack>
    );
  if (!may.confirm && !may.reject) return null;
  return (
    <HStack gap="2" mt="1" wrap="wrap">
      {may.confirm ? (
        <Button
          colorPalette="green"
          loading={busy}
          onClick={() => send('confirmar')}
          {...TARGET}
          data-testid={`${testId}-confirm`}
        >
          {labels.confirm}
        </Button>
      ) : null}
      {may.reject ? (
        <Button
          variant="outline"
          onClick={() => {
            setReason('');
            setRejecting(true);
          }}
          {...TARGET}
          data-testid={`${testId}-reject`}
        >
          {labels.reject}
        </Button>
      ) : null}
    </HStack>
  );
}
