import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export const TOP_BAR_HEIGHT = '14';

export function Brand({ borderless = false }: { borderless?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex h={TOP_BAR_HEIGHT} align="center" px="4" borderBottomWidth={borderless ? '0' : '1px'} flexShrink={0}>
      <Box
        w="7"
        h="7"
        borderRadius="md"
        bg="brand.solid"
        color="brand.contrast"
        display="grid"
        placeItems="center"
        fontWeight="bold"
        me="2"
        aria-hidden
      >
        {t('app.logo_letter')}
      </Box>
      <Text fontWeight="semibold" truncate>
        {t('app.name')}
      </Text>
    </Flex>
  );
}
