import { forwardRef } from 'react';
import { CloseButton as ChakraCloseButton, type CloseButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The one close control of dialogs, drawers and banners: Chakra's CloseButton says "Close" in English, this one is
 * labelled in the user's language ('Cerrar'). A caller may give a more precise aria-label. ESLint refuses Chakra's
 * CloseButton elsewhere (eslint.config.js), so every close control goes through here.
 */
export const CloseButton = forwardRef<HTMLButtonElement, CloseButtonProps>(function CloseButton(props, ref) {
  const { t } = useTranslation();
  return <ChakraCloseButton ref={ref} {...props} aria-label={props['aria-label'] ?? t('app.close')} />;
});
