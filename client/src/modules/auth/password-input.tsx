import { useState, type ComponentProps } from 'react';
import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Password field with the show/hide toggle of docs/product.md §2 login. */
export function PasswordInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={t(isVisible ? 'auth_ui.hide_password' : 'auth_ui.show_password')}
          type="button"
          aria-pressed={isVisible}
          onClick={() => setVisible((v) => !v)}
          data-testid="toggle-password"
        >
          {isVisible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
    >
      <Input {...props} type={isVisible ? 'text' : 'password'} />
    </InputGroup>
  );
}
