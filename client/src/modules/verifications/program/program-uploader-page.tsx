import { useState } from 'react';
import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VERIFICATIONS_MANAGE } from '#domain/verifications';
import type { ReceptionRow } from '#domain/verifications-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { receptionListQuery } from '../api/receptions.ts';
import { VerificationsFrame } from '../components/verifications-frame.tsx';
import { ProgramTable } from './program-table.tsx';
import { ProgramWizard } from './program-wizard.tsx';
import { ReceptionDialog } from './reception-dialog.tsx';

const T = 'verifications_ui.program';

/** /verifications/uploader: the project's program of receptions, its upload and its hand-written receptions. */
export function ProgramUploaderPage() {
  return (
    <VerificationsFrame>{(projectId) => <ProgramScreen key={projectId} projectId={projectId} />}</VerificationsFrame>
  );
}

/**
 * The program of one project (docs/product.md §2 /verifications): every reception with its planned dates, template
 * and state, searched by code or name; who writes the program (verificaciones_gestionar) uploads it from a sheet,
 * adds receptions by hand and edits the programmed ones.
 */
function ProgramScreen({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const canManage = useCan(VERIFICATIONS_MANAGE);
  const [q, setQ] = useState('');
  const query = useQuery({ ...receptionListQuery(projectId, q ? { q } : {}), placeholderData: keepPreviousData });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ReceptionRow | 'new' | null>(null);
  return (
    <Stack gap="3" pt="2" data-testid="program-page">
      <Flex gap="2" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Stack flex="1" maxW={{ md: '360px' }}>
          <SearchInput
            value={q}
            onChange={setQ}
            label={t(`${T}.search_label`)}
            placeholder={t(`${T}.search_placeholder`)}
            data-testid="program-search"
          />
        </Stack>
        <Flex flex="1" />
        {canManage ? (
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              minH="44px"
              flex={{ base: '1', md: 'initial' }}
              onClick={() => setEditing('new')}
              data-testid="reception-new"
            >
              {t(`${T}.new_reception`)}
            </Button>
            <Button
              colorPalette="brand"
              minH="44px"
              flex={{ base: '1', md: 'initial' }}
              onClick={() => setUploading(true)}
              data-testid="program-upload"
            >
              {t(`${T}.upload`)}
            </Button>
          </HStack>
        ) : null}
      </Flex>
      <QueryState query={query} minH="200px">
        {(list) =>
          list.data.length === 0 ? (
            <Card.Root size="sm" data-testid="program-empty">
              <Card.Body>
                <Text color="fg.muted">
                  {q ? t(`${T}.no_match`, { q }) : t(canManage ? `${T}.empty_manage` : `${T}.empty`)}
                </Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <Stack gap="2">
              <Text textStyle="sm" color="fg.muted" data-testid="program-count">
                {t(`${T}.count`, { count: list.data.length })}
              </Text>
              <ProgramTable rows={list.data} canManage={canManage} onEdit={setEditing} />
            </Stack>
          )
        }
      </QueryState>
      {canManage ? <ProgramWizard projectId={projectId} open={uploading} onClose={() => setUploading(false)} /> : null}
      {editing ? <ReceptionDialog projectId={projectId} reception={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
