import { HStack, RadioGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES, type AppLocale } from '../../../shared/i18n.ts';
import { LOCALE_LABEL_KEYS } from '../../../widgets/language-menu-trigger.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useChangeLocale } from '../../../api/session/use-change-locale.ts';
import { SectionCard } from './section-card.tsx';

/** Language (docs/product.md §1): the same switch as the user menu, kept in browser storage and on the account. */
export function LanguageSection() {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const changeLocale = useChangeLocale();
  return (
    <SectionCard
      title={t('account.page.language.title')}
      description={t('account.page.language.description')}
      testId="account-language"
    >
      <RadioGroup.Root
        colorPalette="brand"
        value={locale}
        onValueChange={(d) => void changeLocale(d.value as AppLocale)}
        aria-label={t('account.page.language.title')}
      >
        <HStack gap="6" wrap="wrap">
          {SUPPORTED_LOCALES.map((l) => (
            <RadioGroup.Item key={l} value={l} lang={l}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(LOCALE_LABEL_KEYS[l], { lng: l })}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </SectionCard>
  );
}
