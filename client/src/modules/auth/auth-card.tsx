import type { ReactNode } from 'react';
import { Box, Card, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../widgets/language-menu.tsx';

/** The frame of the public auth pages: brand, a card, and the language switch (before signing in). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Anchored near the top rather than centred: an error alert then grows the card downwards
    // instead of shifting everything up (no layout jump).
    <Center as="main" minH="100dvh" bg="bg.subtle" px="4" py="8" alignItems="flex-start" pt={{ base: '8', md: '12vh' }}>
      <Stack w="full" maxW="sm" gap="6">
        <Flex align="center" justify="space-between">
          <Flex align="center" gap="2">
            <Box
              w="8"
              h="8"
              borderRadius="md"
              bg="brand.solid"
              color="brand.contrast"
              display="grid"
              placeItems="center"
              fontWeight="bold"
              aria-hidden
            >
              {t('app.logo_letter')}
            </Box>
            <Text fontWeight="semibold">{t('app.name')}</Text>
          </Flex>
          <LanguageMenu />
        </Flex>
        <Card.Root as="section" variant="elevated">
          <Card.Header>
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            {subtitle ? (
              <Text color="fg.muted" textStyle="sm">
                {subtitle}
              </Text>
            ) : null}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
