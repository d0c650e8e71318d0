import { Badge, Box, Card, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../shared/format.ts';
import { useMayOpen } from '../../api/session/use-may-open.ts';
import { session, useSession } from '../../shared/session/session-store.ts';
import { tasksQuery, type HomeTask, type HomeTasks } from './home-api.ts';

/** docs/product.md §2 my-tasks groups, in display order. */
export const TASK_GROUPS = [
  { key: 'next_7_days', labelKey: 'home.tasks.next_7_days' },
  { key: 'later', labelKey: 'home.tasks.later' },
] as const satisfies readonly { key: keyof HomeTasks; labelKey: string }[];

const isInternal = (link: string | null): link is string =>
  Boolean(link && link.startsWith('/') && !link.startsWith('//'));

/**
 * A task's link is followed only to a screen the user may open (its module and the screen's own
 * permission: /warranties/solicitudes is not for a deliveries-only user); otherwise the title is plain text.
 */
function useOpensLink() {
  const mayOpen = useMayOpen();
  return (link: string | null): link is string => isInternal(link) && mayOpen(link);
}

function TaskItem({
  task,
  now,
  opensLink,
}: {
  task: HomeTask;
  now: number;
  opensLink: (link: string | null) => link is string;
}) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  const isOverdue = new Date(task.due_at).getTime() < now;
  const title = opensLink(task.link) ? (
    <Link asChild fontWeight="medium" colorPalette="brand">
      <RouterLink
        to={task.link}
        onClick={() => {
          if (task.project_id) session.setProject(task.project_id);
        }}
      >
        {task.title}
      </RouterLink>
    </Link>
  ) : (
    <Text fontWeight="medium">{task.title}</Text>
  );
  return (
    <Box as="li" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="task-item">
      {title}
      <HStack gap="2" mt="1" wrap="wrap" textStyle="xs" color="fg.muted">
        <Badge size="sm" variant="surface">
          {t(`home.tasks.kinds.${task.kind}`, { defaultValue: task.kind })}
        </Badge>
        <HStack gap="1" color={isOverdue ? 'red.fg' : undefined}>
          <CalendarClock size={14} aria-hidden />
          <span>
            {isOverdue
              ? t('home.tasks.overdue', { date: formatDate(task.due_at, locale) })
              : formatDate(task.due_at, locale)}
          </span>
        </HStack>
      </HStack>
    </Box>
  );
}

/** My tasks grouped into 'Próximos 7 días' and 'Más de 7 días' (docs/product.md §2). */
export function TasksPanel({ now = Date.now() }: { now?: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(tasksQuery);
  const opensLink = useOpensLink();
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="tasks-title" data-testid="tasks-panel">
      <Card.Header pb="2">
        <Heading id="tasks-title" as="h2" size="md">
          {t('home.tasks.title')}
        </Heading>
      </Card.Header>
      <Card.Body pt="0">
        {isPending ? (
          <Stack gap="3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="10" />
            ))}
          </Stack>
        ) : isError ? (
          <Text color="fg.muted" textStyle="sm">
            {t('home.tasks.error')}
          </Text>
        ) : (
          <Stack gap="4">
            {TASK_GROUPS.map((g) => {
              const tasks = data[g.key];
              return (
                <Box key={g.key} data-testid={`task-group-${g.key}`}>
                  <HStack justify="space-between" mb="1">
                    <Heading as="h3" size="sm" color="fg.muted">
                      {t(g.labelKey)}
                    </Heading>
                    <Badge size="sm" colorPalette={g.key === 'next_7_days' && tasks.length ? 'orange' : 'gray'}>
                      {tasks.length}
                    </Badge>
                  </HStack>
                  {tasks.length ? (
                    <Box as="ul" listStyleType="none" m="0" p="0">
                      {tasks.map((task) => (
                        <TaskItem key={task.id} task={task} now={now} opensLink={opensLink} />
                      ))}
                    </Box>
                  ) : (
                    <Text textStyle="sm" color="fg.muted" py="2">
                      {t('home.tasks.empty')}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
