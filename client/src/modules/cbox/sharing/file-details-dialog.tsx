import { Dialog, Portal, Tabs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { fileDetailQuery } from '../api/files-api.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { VersionsPanel } from './versions-panel.tsx';

/** A file's details: its versions (download each, restore an old one) and its activity log. */
export function FileDetailsDialog({ fileId, onClose }: { fileId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(fileDetailQuery(fileId));
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="file-details-dialog">
            <Dialog.Header pe="12">
              <Dialog.Title wordBreak="break-word">
                {t('cbox_ui.details.title', { name: query.data?.file.name ?? '' })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="versions" variant="line" lazyMount>
                <Tabs.List>
                  <Tabs.Trigger value="versions" data-testid="details-tab-versions">
                    {t('cbox_ui.details.tab_versions')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="activity" data-testid="details-tab-activity">
                    {t('cbox_ui.details.tab_activity')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="versions">
                  <QueryState query={query} minH="20vh">
                    {(detail) => <VersionsPanel detail={detail} />}
                  </QueryState>
                </Tabs.Content>
                <Tabs.Content value="activity">
                  <ActivityPanel fileId={fileId} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
