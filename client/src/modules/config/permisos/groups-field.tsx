import { useState } from 'react';
import { Button, Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A profile's groups (desc_grupo): tags added by name, a group called 'ryr' counts as RyR (docs/product.md §3). */
export function GroupsField({
  groups,
  onChange,
  error,
}: {
  groups: string[];
  onChange: (groups: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const add = () => {
    const name = text.trim();
    if (name && !groups.some((g) => g.toLowerCase() === name.toLowerCase())) onChange([...groups, name]);
    setText('');
  };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{t('config_profiles_ui.groups')}</Field.Label>
      <Wrap gap="2" mb="2" data-testid="profile-groups">
        {groups.map((g) => (
          <Tag.Root key={g} size="lg">
            <Tag.Label>{g}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={t('config_profiles_ui.group_remove', { name: g })}
                onClick={() => onChange(groups.filter((x) => x !== g))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
      <HStack gap="2">
        <Input
          value={text}
          aria-label={t('config_profiles_ui.group_new')}
          placeholder={t('config_profiles_ui.group_new')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          data-testid="profile-group-input"
        />
        <Button variant="outline" minH="44px" onClick={add}>
          {t('config_profiles_ui.group_add')}
        </Button>
      </HStack>
      <Field.HelperText>{t('config_profiles_ui.groups_hint')}</Field.HelperText>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
