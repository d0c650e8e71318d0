import type { ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';

/** One section of the usage screen: a card with its heading, a line of help and its content. */
export function UsageSection({
  title,
  help,
  testId,
  children,
}: {
  title: string;
  help?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" minW="0" data-testid={testId}>
      <Card.Body gap="3" minW="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {help ? (
          <Text textStyle="sm" color="fg.muted" mt="-2">
            {help}
          </Text>
        ) : null}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
