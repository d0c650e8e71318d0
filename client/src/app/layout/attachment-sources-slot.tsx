import type { ReactNode } from 'react';
import { MODULE_PERMISSIONS, can } from '#domain/permissions';
import { CboxAttachmentSources } from '../../modules/cbox/attachments.entry.ts';

/**
 * Where attachments may come from besides the computer (client/src/widgets/upload/attachment-sources.tsx): the
 * library, for users who hold it (docs/product.md §1). Without it the uploaders and galleries show no library actions.
 */
export function AttachmentSourcesSlot({
  permissions,
  children,
}: {
  permissions: Record<string, boolean>;
  children: ReactNode;
}) {
  if (!can(permissions, MODULE_PERMISSIONS.cbox)) return <>{children}</>;
  return <CboxAttachmentSources>{children}</CboxAttachmentSources>;
}
