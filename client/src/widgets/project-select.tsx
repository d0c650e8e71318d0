import { Badge, Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ProjectOption } from '../api/session/auth-user.ts';

export type ProjectSelectProps = {
  projects: readonly ProjectOption[];
  value: number | null;
  onChange: (projectId: number | null) => void;
  /** Visible label; without it the select is labelled for screen readers only. */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  /** Closed and blocked projects are listed but cannot be picked (docs/product.md §2), unless this is set. */
  allowInactive?: boolean;
  /** Offers an empty choice ("Sin proyecto") that answers null. */
  allowEmpty?: boolean;
  'data-testid'?: string;
};

export const projectStatusOf = (
  p: Pick<ProjectOption, 'is_closed' | 'is_blocked'>,
): 'blocked' | 'closed' | undefined => (p.is_blocked ? 'blocked' : p.is_closed ? 'closed' : undefined);

/** Badge 'Cerrado' / 'Bloqueado' of docs/product.md §2 for a closed or blocked project. */
export function ProjectStatusBadge({ project }: { project: Pick<ProjectOption, 'is_closed' | 'is_blocked'> }) {
  const { t } = useTranslation();
  const status = projectStatusOf(project);
  if (!status) return null;
  return (
    <Badge colorPalette={status === 'blocked' ? 'red' : 'gray'} variant="subtle" size="sm">
      {t(`app.project_status.${status}`)}
    </Badge>
  );
}

/**
 * The project picker of the top bar and of forms. A native select: keyboard and screen-reader
 * behaviour for free, the phone's own picker at 360 px, and no popover code in the first load.
 * Inactive projects stay listed (disabled, with their state) so the user sees why they are missing.
 */
export function ProjectSelect({
  projects,
  value,
  onChange,
  label,
  size = 'sm',
  allowInactive = false,
  allowEmpty = false,
  ...rest
}: ProjectSelectProps) {
  const { t } = useTranslation();
  const known = value !== null && projects.some((p) => p.id === value);
  return (
    <Field.Root>
      {label ? <Field.Label>{label}</Field.Label> : null}
      <NativeSelect.Root size={size} width="full">
        <NativeSelect.Field
          aria-label={label ? undefined : t('app.project_select.label')}
          value={known ? String(value) : ''}
          onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data-testid={rest['data-testid'] ?? 'project-select'}
        >
          {!known || allowEmpty ? (
            <option value="" disabled={!allowEmpty}>
              {projects.length
                ? t(allowEmpty ? 'app.project_select.none' : 'app.project_select.placeholder')
                : t('app.project_select.empty')}
            </option>
          ) : null}
          {projects.map((p) => {
            const status = projectStatusOf(p);
            return (
              <option key={p.id} value={p.id} disabled={!allowInactive && Boolean(status)}>
                {status
                  ? t('app.project_select.inactive_option', { name: p.name, status: t(`app.project_status.${status}`) })
                  : p.name}
              </option>
            );
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
