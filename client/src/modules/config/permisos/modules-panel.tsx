import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PermissionCatalogue } from '#domain/access-responses';
import type { CompanyModule } from '#domain/permission-catalogue';
import { showSuccessToast } from '../../../api/notify.ts';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { useSwitchModule } from './permisos-api.ts';

/** docs/product.md §6 "module settings apply to all profiles": one switch per company module. */
export function ModulesPanel({ catalogue }: { catalogue: PermissionCatalogue }) {
  const { t } = useTranslation();
  const switchModule = useSwitchModule();
  const modules = catalogue.groups.filter((g) => g.module !== null);
  return (
    <Card.Root as="section" aria-labelledby="company-modules-title">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id="company-modules-title">
            {t('config_profiles_ui.modules')}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {t('config_profiles_ui.modules_hint')}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="company-modules">
            {modules.map((g) => (
              <ToggleInput
                key={g.group}
                label={g.label}
                name={`module-${g.group}`}
                checked={g.module?.enabled ?? true}
                onChange={(enabled) =>
                  switchModule
                    .mutateAsync({ modulo: g.group as CompanyModule, enabled })
                    .then(() =>
                      showSuccessToast(
                        t(enabled ? 'config_profiles_ui.module_on' : 'config_profiles_ui.module_off_done', {
                          module: g.label,
                        }),
                      ),
                    )
                    .catch(() => undefined)
                }
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
