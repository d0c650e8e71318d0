import { useMemo, useState } from 'react';
import { Box, Button, EmptyState, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONCRETE_EDIT } from '#domain/concrete';
import type { AdvanceState } from '#domain/concrete-placements';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { BimViewer } from '../../../widgets/bim-viewer/index.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { advanceQuery } from '../api/advance.ts';
import { useConcreteLive } from '../api/live-sync.ts';
import { ConcreteProjectSelect } from '../components/concrete-project-select.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';
import { advanceColorMap, placementByElement, selectedPlacements } from './advance-colors.ts';
import { AdvanceLegend, AdvanceTotals } from './advance-legend.tsx';
import { CreatePlacementButton } from './create-placement-button.tsx';

const T = 'concrete.advance';

/** concrete/advanceBim: the Concrete model coloured by each element's placement state, with its totals. */
export function AdvanceBimPage() {
  const { t } = useTranslation();
  const { projectId } = useSessionProject();
  useConcreteLive(projectId);
  return (
    <Stack gap="4" p={{ base: '2', md: '4' }}>
      <PageHeader title={t(`${T}.title`)} actions={<ConcreteProjectSelect />} />
      {projectId === null ? (
        <Text color="fg.muted">{t(`${T}.pick_project`)}</Text>
      ) : (
        <ProjectAdvance key={projectId} projectId={projectId} />
      )}
    </Stack>
  );
}

function ProjectAdvance({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  const advance = useQuery(advanceQuery(projectId));
  const [only, setOnly] = useState<AdvanceState | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const [globalIds, setGlobalIds] = useState<string[]>([]);
  const placements = useMemo(() => advance.data?.placements ?? [], [advance.data]);
  const colors = useMemo(() => advanceColorMap(placements, only, globalIds), [placements, only, globalIds]);
  const byElement = useMemo(() => placementByElement(placements), [placements]);
  const touched = selectedPlacements(selection, byElement);
  return (
    <QueryState query={advance}>
      {(data) => {
        const files = (data.model?.files ?? []).filter((f) => f.state === 'listo' && f.fragments_url);
        if (!data.model || files.length === 0)
          return (
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Title>{t(`${T}.no_model`)}</EmptyState.Title>
                <Link asChild colorPalette="blue">
                  <RouterLink to="/concrete/uploader">{t(`${T}.go_uploader`)}</RouterLink>
                </Link>
              </EmptyState.Content>
            </EmptyState.Root>
          );
        const models = files.map((f) => ({ key: `${data.model!.id}:${f.id}:${f.updated_at}`, url: f.fragments_url! }));
        return (
          <Grid templateColumns={{ base: '1fr', lg: '1fr 360px' }} gap="4">
            <Stack gap="2" minW="0">
              <BimViewer
                models={models}
                colors={colors}
                dimUncoloured
                selected={selection}
                onSelect={setSelection}
                onLoad={(info) => setGlobalIds(info.globalIds)}
                height="60vh"
              />
              {selection.length > 0 && (
                <HStack gap="2" wrap="wrap" data-testid="advance-selection">
                  {touched.length === 0
                    ? canEdit && <CreatePlacementButton projectId={projectId} globalIds={selection} />
                    : touched.map((p) => (
                        <Link key={p.id} asChild colorPalette="blue">
                          <RouterLink to={`/concrete/placements/${p.id}`}>
                            {t(`${T}.in_placement`, { number: p.number, state: t(`${T}.states.${p.state}`) })}
                          </RouterLink>
                        </Link>
                      ))}
                </HStack>
              )}
            </Stack>
            <Stack gap="4">
              <Box>
                <Text fontWeight="semibold" mb="1">
                  {t(`${T}.legend`)}
                </Text>
                <AdvanceLegend byState={data.by_state} only={only} onOnly={setOnly} />
                {only !== null && (
                  <Button size="xs" variant="outline" mt="1" onClick={() => setOnly(null)}>
                    {t(`${T}.show_all`)}
                  </Button>
                )}
              </Box>
              <AdvanceTotals advance={data} />
            </Stack>
          </Grid>
        );
      }}
    </QueryState>
  );
}
