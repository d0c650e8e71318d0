import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AssignmentRow } from '#domain/courses-responses';
import { StateTag } from '../../../widgets/state-tag.tsx';

const COLORS: Record<string, string> = {
  en_curso: '#1e6fd9',
  vencido: '#c0392b',
  vencida: '#c0392b',
  completado: '#1e8449',
  completada: '#1e8449',
};

/**
 * docs/product.md §4 course states: the course's own status and, once it expired, each extension's (en curso,
 * vencida, completada), in the machine's words (machines.course.*).
 */
export function CourseStatus({ status }: { status: AssignmentRow['status'] }) {
  const { t } = useTranslation();
  const ext = (n: 1 | 2, value: string | null) =>
    value ? (
      <StateTag
        size="sm"
        color={COLORS[value]}
        label={t('config_ui.courses.extension_status', { n, status: t(`machines.course.extensionStates.${value}`) })}
      />
    ) : null;
  return (
    <HStack gap="1" wrap="wrap" data-testid="course-status">
      <StateTag size="sm" color={COLORS[status.course]} label={t(`machines.course.states.${status.course}`)} />
      {ext(1, status.extension1)}
      {ext(2, status.extension2)}
    </HStack>
  );
}
