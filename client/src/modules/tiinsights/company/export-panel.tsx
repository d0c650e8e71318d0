import { Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INSIGHTS_LIMITS } from '#domain/insights';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { exportHref } from '../api/tiinsights-api.ts';
import { useCreateExport } from '../api/tiinsights-mutations.ts';

const T = 'tiinsights.company.export';

/**
 * "Exportar datos" (dbdump): asks for a zip of every table's rows of the company and shows its signed link, valid
 * INSIGHTS_LIMITS.exportLinkMinutes minutes, with a download button. The exports tab lists it too.
 */
export function ExportPanel({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const create = useCreateExport(companyId);
  const done = create.data;
  const href = done?.url ? exportHref(done.url) : null;
  return (
    <Card.Root as="section" aria-labelledby="company-export-title" data-testid="company-export">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="company-export-title">
          {t(`${T}.title`)}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t(`${T}.intro`, { minutes: INSIGHTS_LIMITS.exportLinkMinutes })}
        </Text>
        <Button
          alignSelf={{ base: 'stretch', sm: 'start' }}
          minH="44px"
          variant="outline"
          colorPalette="brand"
          loading={create.isPending}
          onClick={() => create.mutate()}
          data-testid="export-create"
        >
          {t(`${T}.create`)}
        </Button>
        {done && href ? (
          <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="export-result">
            <Text textStyle="sm">{t(`${T}.expires`, { date: dateTimeText(done.expires_at, i18n.language) })}</Text>
            <Link href={href} colorPalette="brand" wordBreak="break-all" textStyle="sm" data-testid="export-link">
              {href}
            </Link>
            <HStack>
              <Button asChild colorPalette="brand" minH="44px">
                <a href={href} download data-testid="export-download">
                  <Download size={16} aria-hidden="true" /> {t(`${T}.download`)}
                </a>
              </Button>
            </HStack>
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
