import type { ReactNode } from 'react';
import { Box, Button, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { CloseButton } from './close-button.tsx';
import { CircleHelp, Download, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The mobile-app links of docs/product.md §2; each is optional and only the given ones are shown. */
export type ModuleBannerLinks = {
  /** Google Play page. */
  android?: string | null;
  /** App Store page. */
  ios?: string | null;
  /** Direct .apk download, for devices without Google Play. */
  apk?: string | null;
  /** Help-centre article. */
  help?: string | null;
};

export type ModuleBannerProps = {
  title: string;
  description?: ReactNode;
  links: ModuleBannerLinks;
  /** Shows a close button; the caller remembers the dismissal. */
  onDismiss?: () => void;
};

const LINKS = [
  { key: 'android', Icon: Smartphone },
  { key: 'ios', Icon: Smartphone },
  { key: 'apk', Icon: Download },
  { key: 'help', Icon: CircleHelp },
] as const;

/** docs/product.md §2 module banner with the module's mobile-app links: Android and iOS stores, direct apk, help article. */
export function ModuleBanner({ title, description, links, onDismiss }: ModuleBannerProps) {
  const { t } = useTranslation();
  const present = LINKS.filter(({ key }) => Boolean(links[key]));
  return (
    <Box
      as="section"
      aria-label={title}
      borderWidth="1px"
      borderColor="brand.200"
      bg="brand.50"
      borderRadius="l3"
      p={{ base: '3', md: '4' }}
      position="relative"
    >
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        pe={onDismiss ? '8' : undefined}
      >
        <Box flex="1" minW="0">
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {present.length > 0 && (
          <Flex gap="2" wrap="wrap">
            {present.map(({ key, Icon }) => (
              <Button key={key} asChild size="sm" variant={key === 'help' ? 'ghost' : 'outline'} colorPalette="brand">
                <a href={links[key]!} target="_blank" rel="noopener noreferrer">
                  <Icon size={16} aria-hidden="true" />
                  {t(`widgets.module_banner.${key}`)}
                  <VisuallyHidden>{t('widgets.module_banner.new_tab')}</VisuallyHidden>
                </a>
              </Button>
            ))}
          </Flex>
        )}
      </Flex>
      {onDismiss && (
        <CloseButton
          size="sm"
          position="absolute"
          top="2"
          insetEnd="2"
          aria-label={t('widgets.module_banner.dismiss')}
          onClick={onDismiss}
        />
      )}
    </Box>
  );
}
