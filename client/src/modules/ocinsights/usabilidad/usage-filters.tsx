import { Button, Group, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { USAGE_PRESETS } from '#domain/insights';
import type { ProjectOption } from '../../../api/session/auth-user.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { rangeProblem, type UsageRange } from './usage-range.ts';

type Props = {
  range: UsageRange;
  onRange: (range: UsageRange) => void;
  /** The custom range's first values: the days the preset showed until then. */
  shownDays: { from: string; to: string } | null;
  projects: readonly ProjectOption[];
  projectId: number | null;
  onProject: (projectId: number | null) => void;
};

/** The usage screen's filters: 7/30/90/365 days or a custom from–to, and one project or all of them. */
export function UsageFilters({ range, onRange, shownDays, projects, projectId, onProject }: Props) {
  const { t } = useTranslation();
  const problem = range.preset === 'custom' ? rangeProblem(range.from, range.to) : null;
  return (
    <Stack gap="3" data-testid="usage-filters">
      <Group attached={false} gap="1" flexWrap="wrap" role="group" aria-label={t('ocinsights.range.label')}>
        {USAGE_PRESETS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={range.preset === days ? 'solid' : 'outline'}
            aria-pressed={range.preset === days}
            onClick={() => onRange({ preset: days })}
            data-testid={`usage-preset-${days}`}
          >
            {t('ocinsights.range.days', { count: days })}
          </Button>
        ))}
        <Button
          size="sm"
          variant={range.preset === 'custom' ? 'solid' : 'outline'}
          aria-pressed={range.preset === 'custom'}
          onClick={() =>
            range.preset !== 'custom' &&
            onRange({ preset: 'custom', from: shownDays?.from ?? '', to: shownDays?.to ?? '' })
          }
          data-testid="usage-preset-custom"
        >
          {t('ocinsights.range.custom')}
        </Button>
      </Group>
      <HStack gap="3" align="start" flexWrap="wrap">
        {range.preset === 'custom' ? (
          <>
            <Stack minW="40" flex="1" maxW="56">
              <DateField
                label={t('ocinsights.range.from')}
                value={range.from}
                onChange={(from) => onRange({ ...range, from })}
                error={problem && problem !== 'incomplete' ? t(`ocinsights.range.${problem}`) : undefined}
                testId="usage-from"
              />
            </Stack>
            <Stack minW="40" flex="1" maxW="56">
              <DateField
                label={t('ocinsights.range.to')}
                value={range.to}
                onChange={(to) => onRange({ ...range, to })}
                testId="usage-to"
              />
            </Stack>
          </>
        ) : null}
        <Stack minW="48" flex="1" maxW="80">
          <SelectField
            label={t('ocinsights.filters.project')}
            placeholder={t('ocinsights.filters.all_projects')}
            value={projectId ? String(projectId) : ''}
            onChange={(v) => onProject(v ? Number(v) : null)}
            options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            testId="usage-project"
          />
        </Stack>
      </HStack>
    </Stack>
  );
}
