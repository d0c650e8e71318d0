import { HStack, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '#domain/courses-responses';
import { fileUrl } from '../../../api/clients.ts';

/** A course's material: the uploaded file and/or the link, each opened in a new tab. */
export function CourseMaterial({ course }: { course: Pick<CourseRow, 'material' | 'material_url'> }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" wrap="wrap">
      {course.material ? (
        <Link href={fileUrl(course.material.path)} target="_blank" rel="noreferrer">
          {t('config_ui.courses.material_file_link')}
        </Link>
      ) : null}
      {course.material_url ? (
        <Link href={course.material_url} target="_blank" rel="noreferrer">
          {t('config_ui.courses.material_url_link')}
        </Link>
      ) : null}
    </HStack>
  );
}
