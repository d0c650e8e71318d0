import { Alert, Stack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { session } from '../../../shared/session/session-store.ts';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { useConfigProject } from './use-config-project.ts';

const TABS = ['global', 'general', 'logo', 'planos', 'iframe'] as const;
/** global spans projects (and holds the company's unit-type catalogue); the others are one project's. */
const PER_PROJECT = new Set<string>(['general', 'logo', 'planos', 'iframe']);

/** docs/product.md §2 config propietarios: global (default), general, logo, planos, iframe. */
export function PropietariosConfigLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { projectId, projects } = useConfigProject();
  const current = TABS.find((tab) => pathname.includes(`/config/propietarios/${tab}`)) ?? 'global';
  return (
    <Tabs.Root value={current} onValueChange={(d) => navigate(`/config/propietarios/${d.value}`)} variant="line">
      <Tabs.List overflowX="auto" overflowY="hidden">
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab} value={tab} flexShrink={0} data-testid={`config-tab-${tab}`}>
            {t(`routes.config.propietarios.${tab}.title`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* The open tab's screen is its tabpanel, so each tab's aria-controls names an element that exists. */}
      <Tabs.Content value={current}>
        <Stack gap="4">
          {PER_PROJECT.has(current) ? (
            <ProjectSelect
              projects={projects}
              value={projectId}
              onChange={(id) => session.setProject(id)}
              label={t('deliveries_ui.config.project')}
              size="md"
              data-testid="config-project"
            />
          ) : null}
          {PER_PROJECT.has(current) && !projectId ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('deliveries_ui.pick_project')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Outlet />
          )}
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
