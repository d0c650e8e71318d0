import type { CboxFileDetail, CboxFileItem, CboxLink, CboxShare, CboxVersion } from '#domain/cbox-responses';
import { categoryOf, extensionOf } from '#domain/files';

const AT = '2026-11-20T12:00:00.000Z';
const person = { id: 1, name: 'Carolina Fuentes' };

/** A library file as GET contenido / archivos/{id} answer it, named by its extension. */
export function fileItem(id: number, name: string, over: Partial<CboxFileItem> = {}): CboxFileItem {
  const extension = extensionOf(name);
  return {
    kind: 'file',
    id,
    name,
    folder_id: 4,
    levels: ['can-download', 'can-edit', 'can-share'],
    shared_with_me: false,
    created_by: person,
    created_at: AT,
    updated_at: AT,
    extension,
    category: categoryOf(extension) ?? 'document',
    type: 'application/octet-stream',
    size: 2048,
    version: 1,
    path: `1/cbox/${id}.${extension}`,
    url: `/api/v2/public/files/1/cbox/${id}.${extension}`,
    url_thumbnail: null,
    ...over,
  };
}

export function version(n: number, over: Partial<CboxVersion> = {}): CboxVersion {
  return {
    id: 100 + n,
    version: n,
    size: 1000 * n,
    path: `1/cbox/v${n}.pdf`,
    url: `/api/v2/public/files/1/cbox/v${n}.pdf`,
    created_by: person,
    created_at: AT,
    current: false,
    ...over,
  };
}

export function fileDetail(
  file: CboxFileItem,
  versions: CboxVersion[] = [version(1, { current: true })],
): CboxFileDetail {
  return { file, trail: [{ id: 4, name: 'Planos' }], versions };
}

export function share(id: number, over: Partial<CboxShare> = {}): CboxShare {
  return {
    id,
    subject: { kind: 'user', id: 7, name: 'Rodrigo Soto' },
    levels: ['can-download'],
    inherited_from: null,
    granted_by: person,
    created_at: AT,
    ...over,
  };
}

export function link(id: number, over: Partial<CboxLink> = {}): CboxLink {
  return {
    id,
    label: 'Para el cliente',
    has_password: false,
    expires_at: '2099-01-01T03:00:00.000Z',
    revoked_at: null,
    created_by: person,
    created_at: AT,
    last_opened_at: null,
    open_count: 0,
    ...over,
  };
}
