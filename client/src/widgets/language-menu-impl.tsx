import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES, type AppLocale } from '../shared/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { useChangeLocale } from '../api/session/use-change-locale.ts';
import { LanguageTriggerButton, LOCALE_LABEL_KEYS } from './language-menu-trigger.tsx';

/** Radio items to put inside any menu (top-bar language menu, user menu). */
export function LanguageRadioItems() {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const changeLocale = useChangeLocale();
  return (
    <Menu.RadioItemGroup value={locale} onValueChange={(d) => void changeLocale(d.value as AppLocale)}>
      <Menu.ItemGroupLabel>{t('app.language.title')}</Menu.ItemGroupLabel>
      {SUPPORTED_LOCALES.map((l) => (
        <Menu.RadioItem key={l} value={l} lang={l} data-testid={`locale-${l}`}>
          {t(LOCALE_LABEL_KEYS[l], { lng: l })}
          <Menu.ItemIndicator />
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}

export function LanguageMenuImpl({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <LanguageTriggerButton />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <LanguageRadioItems />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
