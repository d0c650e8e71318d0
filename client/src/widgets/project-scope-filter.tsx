import { useMemo, useState } from 'react';
import { Checkbox, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../api/session/auth-user.ts';
import { useAllProjects, type ProjectScopeScreen } from '../shared/session/project-scope.ts';
import { useSession } from '../shared/session/session-store.ts';
import { MultiSelectFilter } from './multi-select-filter.tsx';

type Props = {
  /** The projects chosen (ids as strings); empty while `all`. */
  value: string[];
  onChange: (value: string[]) => void;
  all: boolean;
  onAllChange: (all: boolean) => void;
};

/**
 * The projects a screen shows: a few chosen in a multi-select (the top bar's project by default) or "all my
 * projects". The server answers only projects the user may see; this offers only those.
 */
export function ProjectScopeFilter({ value, onChange, all, onAllChange }: Props) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const options = useMemo(
    () => (user?.proyectos ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    [user?.proyectos],
  );
  return (
    <HStack gap="3" wrap="wrap" data-testid="project-scope">
      <MultiSelectFilter
        label={t('widgets.project_scope.label')}
        options={options}
        value={all ? [] : value}
        onChange={(next) => {
          // Picking projects leaves "all"; emptying the list is "all my projects".
          if (!next.length) return onAllChange(true);
          if (all) onAllChange(false);
          onChange(next);
        }}
      />
      <Checkbox.Root
        size="sm"
        checked={all}
        onCheckedChange={(d) => onAllChange(d.checked === true)}
        data-testid="project-scope-all"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('widgets.project_scope.all')}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}

/**
 * Screen state for ProjectScopeFilter kept for the visit (the agenda, the fichas): the chosen projects, the top
 * bar's project until the user picks, and "all my projects" remembered per user. `projectIds` is what the API
 * gets: empty means every project the user sees; a chosen id the user no longer sees is dropped.
 */
export function useProjectScope(screen: ProjectScopeScreen) {
  const { data: user } = useAuthUser();
  const topBar = useSession((s) => s.projectId);
  const [all, setAll] = useAllProjects(user?.id, screen);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const visible = useMemo(() => new Set((user?.proyectos ?? []).map((p) => String(p.id))), [user?.proyectos]);
  const picked = (chosen ?? (topBar ? [String(topBar)] : [])).filter((id) => !user || visible.has(id));
  const value = all ? [] : picked;
  return {
    all,
    value,
    projectIds: value.map(Number),
    /** No project chosen and not "all": nothing to show yet (no project in the top bar). */
    isEmpty: !all && value.length === 0,
    filterProps: {
      value,
      all,
      onChange: setChosen,
      onAllChange: (next: boolean) => {
        setAll(next);
        if (!next) setChosen(null);
      },
    } satisfies Props,
  };
}
