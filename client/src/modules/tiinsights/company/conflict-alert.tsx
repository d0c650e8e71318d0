import { Alert } from '@chakra-ui/react';

/** Why the server refused a provider's write (409), shown inside its dialog; nothing while there is none. */
export function ConflictAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="warning" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
