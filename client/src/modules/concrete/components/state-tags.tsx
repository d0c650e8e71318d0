import { useTranslation } from 'react-i18next';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** The colours of the module's tags (StateTag lightens them into the background). */
export const CONCRETE_TAG_COLORS = { good: '#1e8449', warn: '#b9770e', bad: '#c0392b', neutral: '#6b7280' } as const;

/** A catalogue entry's state: "Activo" / "Inactivo" (entries are disabled, never deleted). */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <StateTag
      size="sm"
      label={t(active ? 'concrete.config.active' : 'concrete.config.inactive')}
      color={active ? CONCRETE_TAG_COLORS.good : CONCRETE_TAG_COLORS.neutral}
    />
  );
}

/** A concrete company's homologated flag: approved to supply the company's works, or not (yet). */
export function HomologatedTag({ homologated }: { homologated: boolean }) {
  const { t } = useTranslation();
  return (
    <StateTag
      size="sm"
      label={t(homologated ? 'concrete.config.companies.homologated' : 'concrete.config.companies.not_homologated')}
      color={homologated ? CONCRETE_TAG_COLORS.good : CONCRETE_TAG_COLORS.warn}
    />
  );
}
