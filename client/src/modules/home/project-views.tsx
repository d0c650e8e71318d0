import {
  AspectRatio,
  Box,
  Card,
  Center,
  HStack,
  Image,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';
import { ProjectStatusBadge, projectStatusOf } from '../../widgets/project-select.tsx';
import type { HomeProject } from './home-api.ts';

type ViewProps = { projects: HomeProject[]; onOpen: (p: HomeProject) => void };

function ProgressText({ p }: { p: HomeProject }) {
  const { t } = useTranslation();
  return (
    <Text textStyle="xs" color="fg.muted">
      {t('home.projects.delivered', {
        delivered: formatNumber(p.progress.units_delivered),
        total: formatNumber(p.progress.units_total),
      })}
    </Text>
  );
}

function ProgressBar({ p }: { p: HomeProject }) {
  const { t } = useTranslation();
  const pct = p.progress.units_total ? Math.round((p.progress.units_delivered / p.progress.units_total) * 100) : 0;
  return (
    <Box
      role="progressbar"
      aria-label={t('home.projects.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      h="1.5"
      bg="bg.muted"
      borderRadius="full"
      overflow="hidden"
    >
      <Box h="full" w={`${pct}%`} bg="brand.solid" borderRadius="full" />
    </Box>
  );
}

/**
 * List view: a table; closed and blocked projects are disabled rows with their badge (docs/product.md §2).
 * On narrow screens the address and progress fold under the name instead of scrolling sideways.
 */
export function ProjectTable({ projects, onOpen }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" interactive data-testid="projects-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('home.projects.name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>
              {t('home.projects.group')}
            </Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }} w="44">
              {t('home.projects.progress')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {projects.map((p) => {
            const isDisabled = Boolean(projectStatusOf(p));
            return (
              <Table.Row
                key={p.id}
                aria-disabled={isDisabled || undefined}
                opacity={isDisabled ? 0.6 : 1}
                data-testid="project-row"
              >
                <Table.Cell py="2.5">
                  <HStack gap="2" wrap="wrap">
                    {isDisabled ? (
                      <Text fontWeight="medium">{p.name}</Text>
                    ) : (
                      <Box
                        as="button"
                        textAlign="start"
                        fontWeight="medium"
                        color="brand.fg"
                        _hover={{ textDecoration: 'underline' }}
                        focusRing="outside"
                        borderRadius="sm"
                        onClick={() => onOpen(p)}
                      >
                        {p.name}
                      </Box>
                    )}
                    <ProjectStatusBadge project={p} />
                  </HStack>
                  <Text textStyle="xs" color="fg.muted" lineClamp={1}>
                    {[p.code, p.address_full].filter(Boolean).join(' · ')}
                  </Text>
                  <Stack gap="1" mt="2" display={{ base: 'flex', md: 'none' }}>
                    <ProgressBar p={p} />
                    <ProgressText p={p} />
                  </Stack>
                </Table.Cell>
                <Table.Cell display={{ base: 'none', lg: 'table-cell' }}>{p.group}</Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
                  <Stack gap="1">
                    <ProgressBar p={p} />
                    <ProgressText p={p} />
                  </Stack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Card view: image, name, address and progress; inactive projects shown disabled with the badge. */
export function ProjectCards({ projects, onOpen }: ViewProps) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, '2xl': 3 }} gap="4" data-testid="projects-cards">
      {projects.map((p) => {
        const isDisabled = Boolean(projectStatusOf(p));
        return (
          <Card.Root
            key={p.id}
            variant="outline"
            overflow="hidden"
            position="relative"
            aria-disabled={isDisabled || undefined}
            opacity={isDisabled ? 0.6 : 1}
            _hover={isDisabled ? undefined : { shadow: 'md' }}
            transition="box-shadow 0.15s"
            data-testid="project-card"
          >
            <AspectRatio ratio={16 / 9} bg="brand.subtle">
              {p.image_url ? (
                <Image src={p.image_url} alt="" objectFit="cover" loading="lazy" />
              ) : (
                <Center color="brand.fg">
                  <Building2 size={40} aria-hidden />
                </Center>
              )}
            </AspectRatio>
            <Card.Body gap="2" p="4">
              <HStack justify="space-between" align="flex-start" gap="2">
                {isDisabled ? (
                  <Text fontWeight="semibold" lineClamp={2}>
                    {p.name}
                  </Text>
                ) : (
                  <LinkOverlay asChild>
                    <Box
                      as="button"
                      textAlign="start"
                      fontWeight="semibold"
                      lineClamp={2}
                      focusRing="outside"
                      borderRadius="sm"
                      onClick={() => onOpen(p)}
                    >
                      {p.name}
                    </Box>
                  </LinkOverlay>
                )}
                <ProjectStatusBadge project={p} />
              </HStack>
              <Text textStyle="sm" color="fg.muted" lineClamp={1} minH="5">
                {p.address_full}
              </Text>
              <ProgressBar p={p} />
              <ProgressText p={p} />
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
