import type { ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';

export function SectionCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root as="section" variant="outline" data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
