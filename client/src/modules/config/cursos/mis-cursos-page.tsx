import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../widgets/query-state.tsx';
import { displayDate } from '../../../widgets/display-date.ts';
import { CourseMaterial } from './course-material.tsx';
import { CourseStatus } from './course-status.tsx';
import { myCoursesQuery, useCompleteMyCourse } from './cursos-api.ts';

/** docs/product.md §1 courses: the signed-in user's courses, their deadlines and material; they complete them here. */
export function MisCursosPage() {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myCoursesQuery());
  const complete = useCompleteMyCourse();
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {t('routes.config.mis-cursos.title')}
      </Heading>
      <QueryState query={mine}>
        {(rows) =>
          rows.length ? (
            <Stack gap="3" as="ul" listStyleType="none" m="0" p="0">
              {rows.map((a) => (
                <Card.Root as="li" key={a.id} data-testid={`my-course-${a.id}`}>
                  <Card.Body>
                    <Stack gap="2">
                      <HStack justify="space-between" wrap="wrap">
                        <Heading as="h3" size="md">
                          {a.course.name}
                        </Heading>
                        <CourseStatus status={a.status} />
                      </HStack>
                      {a.course.description ? <Text>{a.course.description}</Text> : null}
                      <Text color="fg.muted">
                        {a.completed_at
                          ? t('config_ui.courses.completed_on', { date: displayDate(a.completed_at, i18n.language) })
                          : t('config_ui.courses.due_on', { date: displayDate(a.due_date, i18n.language) })}
                      </Text>
                      <CourseMaterial course={a.course} />
                      {a.allowed_events.includes('course.complete') ? (
                        <Button
                          alignSelf="flex-start"
                          minH="11"
                          loading={complete.isPending && complete.variables === a.id}
                          onClick={() => complete.mutate(a.id)}
                          data-testid="my-course-complete"
                        >
                          {t('config_ui.courses.mark_completed')}
                        </Button>
                      ) : null}
                    </Stack>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t('config_ui.courses.no_courses')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
