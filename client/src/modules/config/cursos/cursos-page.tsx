import { useState } from 'react';
import { Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COURSE_STATES, type CourseState } from '#domain/courses';
import type { AssignmentRow, CourseRow } from '#domain/courses-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { displayDate } from '../../../widgets/display-date.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { CourseDialog } from './course-dialog.tsx';
import { CourseStatus } from './course-status.tsx';
import { CourseMaterial } from './course-material.tsx';
import { assignmentsQuery, coursesQuery, useAssignmentCommand, type AssignmentFilters } from './cursos-api.ts';

/** docs/product.md §2 config cursos: the catalogue and the assignments with their deadlines and extensions. */
export function CursosPage() {
  const { t } = useTranslation();
  const courses = useQuery(coursesQuery());
  const [editing, setEditing] = useState<CourseRow | 'new' | null>(null);
  const [assigning, setAssigning] = useState(false);
  return (
    <Stack gap="8">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg">
            {t('config_ui.courses.catalogue')}
          </Heading>
          <HStack>
            <Button variant="outline" onClick={() => setEditing('new')} minH="11" data-testid="course-new">
              {t('config_ui.courses.new')}
            </Button>
            <Button onClick={() => setAssigning(true)} minH="11" data-testid="course-assign">
              {t('config_ui.courses.assign')}
            </Button>
          </HStack>
        </HStack>
        <QueryState query={courses}>{(page) => <CatalogueTable rows={page.data} onEdit={setEditing} />}</QueryState>
      </Stack>
      <AssignmentsSection courses={courses.data?.data ?? []} />
      {editing ? <CourseDialog course={editing} onClose={() => setEditing(null)} /> : null}
      <AssignDialog courses={courses.data?.data ?? []} open={assigning} onClose={() => setAssigning(false)} />
    </Stack>
  );
}

function CatalogueTable({ rows, onEdit }: { rows: CourseRow[]; onEdit: (c: CourseRow) => void }) {
  const { t } = useTranslation();
  if (!rows.length) return <Text color="fg.muted">{t('config_ui.courses.empty_catalogue')}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="course-catalogue">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('config_ui.courses.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('config_ui.courses.material')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('config_ui.courses.progress')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('config_ui.courses.active')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>
                <Text fontWeight="medium">{c.name}</Text>
                {c.description ? <Text color="fg.muted">{c.description}</Text> : null}
              </Table.Cell>
              <Table.Cell>
                <CourseMaterial course={c} />
              </Table.Cell>
              <Table.Cell>
                {t('config_ui.courses.completed_of', {
                  completed: c.assignments.completed,
                  total: c.assignments.total,
                })}
              </Table.Cell>
              <Table.Cell>{t(c.is_active ? 'config_ui.yes' : 'config_ui.no')}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="sm" variant="ghost" minH="11" onClick={() => onEdit(c)}>
                  {t('config_ui.edit')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AssignmentsSection({ courses }: { courses: CourseRow[] }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AssignmentFilters>({ page: 1 });
  const assignments = useQuery(assignmentsQuery(filters));
  const command = useAssignmentCommand();
  const day = (d: string | null) => (d ? displayDate(d, i18n.language) : '—');
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {t('config_ui.courses.assignments')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" maxW="2xl">
        <SelectField
          label={t('config_ui.courses.course')}
          value={filters.course_id ? String(filters.course_id) : ''}
          onChange={(v) => setFilters({ ...filters, course_id: v ? Number(v) : undefined, page: 1 })}
          placeholder={t('config_ui.all')}
          options={courses.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <SelectField
          label={t('config_ui.courses.state')}
          value={filters.state ?? ''}
          onChange={(v) => setFilters({ ...filters, state: (v || undefined) as CourseState | undefined, page: 1 })}
          placeholder={t('config_ui.all')}
          options={COURSE_STATES.map((s) => ({ value: s, label: t(`machines.course.states.${s}`) }))}
        />
      </SimpleGrid>
      <QueryState query={assignments}>
        {(page) =>
          page.data.length ? (
            <Stack gap="2">
              <Table.ScrollArea>
                <Table.Root size="sm" data-testid="course-assignments">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('config_ui.courses.user')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.course')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.assigned_at')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.expiry_date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.extension1')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.extension2')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.courses.state')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {page.data.map((a: AssignmentRow) => (
                      <Table.Row key={a.id}>
                        <Table.Cell>{a.user.full_name}</Table.Cell>
                        <Table.Cell>{a.course.name}</Table.Cell>
                        <Table.Cell>{day(a.created_at)}</Table.Cell>
                        <Table.Cell>{day(a.expiry_date)}</Table.Cell>
                        <Table.Cell>{day(a.extension1_date)}</Table.Cell>
                        <Table.Cell>{day(a.extension2_date)}</Table.Cell>
                        <Table.Cell>
                          <CourseStatus status={a.status} />
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          {a.allowed_events.includes('course.extend') ? (
                            <Button
                              size="sm"
                              minH="11"
                              variant="outline"
                              loading={command.isPending}
                              onClick={() => command.mutate({ id: a.id, verb: 'prorrogar' })}
                            >
                              {t('config_ui.courses.extend')}
                            </Button>
                          ) : null}
                          {a.allowed_events.includes('course.complete') ? (
                            <Button
                              size="sm"
                              minH="11"
                              variant="ghost"
                              loading={command.isPending}
                              onClick={() => command.mutate({ id: a.id, verb: 'completar' })}
                            >
                              {t('config_ui.courses.mark_completed')}
                            </Button>
                          ) : null}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <TablePagination
                page={filters.page}
                total={page.total}
                rowsPerPage={page.rowsPerPage}
                onPageChange={(p) => setFilters({ ...filters, page: p })}
              />
            </Stack>
          ) : (
            <Text color="fg.muted">{t('config_ui.courses.empty_assignments')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}
