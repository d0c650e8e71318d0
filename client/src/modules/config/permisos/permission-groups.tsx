import { Badge, Checkbox, Code, Fieldset, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PermissionCatalogue } from '#domain/access-responses';
import { isCatalogueFlag } from '#domain/permission-catalogue';
import { toggleExclusive, toggleHeld, type ProfileDraft } from './profile-draft.ts';

type Props = { catalogue: PermissionCatalogue; draft: ProfileDraft; onChange: (draft: ProfileDraft) => void };

/**
 * The permission catalogue grouped by module (docs/product.md §6), each flag with its description and whether
 * it is exclusive; the profile's flags that no module maps close the 'undefined' group (docs/product.md §3).
 */
export function PermissionGroups({ catalogue, draft, onChange }: Props) {
  const { t } = useTranslation();
  const unknown = draft.held.filter((f) => !isCatalogueFlag(f)).sort();
  return (
    <Stack gap="4">
      {catalogue.groups.map((g) => {
        const rows = [
          ...g.permissions,
          ...(g.group === 'undefined' ? unknown.map((flag) => ({ flag, description: flag })) : []),
        ];
        if (rows.length === 0) return null;
        return (
          <Fieldset.Root key={g.group} data-testid={`permission-group-${g.group}`}>
            <Fieldset.Legend>
              <HStack gap="2">
                <Text fontWeight="semibold">{g.label}</Text>
                {g.module && !g.module.enabled ? (
                  <Badge colorPalette="orange">{t('config_profiles_ui.module_off')}</Badge>
                ) : null}
              </HStack>
            </Fieldset.Legend>
            {g.group === 'undefined' ? (
              <Fieldset.HelperText>{t('config_profiles_ui.undefined_hint')}</Fieldset.HelperText>
            ) : null}
            <Stack gap="1">
              {rows.map((p) => {
                const held = draft.held.includes(p.flag);
                const exclusive = draft.exclusive.includes(p.flag);
                const known = isCatalogueFlag(p.flag);
                return (
                  <HStack key={p.flag} justify="space-between" align="center" gap="3" minH="44px">
                    <Checkbox.Root
                      flex="1"
                      minW="0"
                      checked={held}
                      onCheckedChange={(d) => onChange(toggleHeld(draft, p.flag, Boolean(d.checked)))}
                      data-testid={`perm-${p.flag}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {p.description}{' '}
                        <Code fontSize="xs" wordBreak="break-all">
                          {p.flag}
                        </Code>
                      </Checkbox.Label>
                    </Checkbox.Root>
                    {known ? (
                      <Checkbox.Root
                        size="sm"
                        flexShrink={0}
                        checked={exclusive}
                        onCheckedChange={(d) => onChange(toggleExclusive(draft, p.flag, Boolean(d.checked)))}
                        data-testid={`excl-${p.flag}`}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          {t('config_profiles_ui.exclusive')}
                          <VisuallyHidden>: {p.description}</VisuallyHidden>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ) : null}
                  </HStack>
                );
              })}
            </Stack>
          </Fieldset.Root>
        );
      })}
    </Stack>
  );
}
