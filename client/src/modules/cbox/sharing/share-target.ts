import type { CboxLevel } from '#domain/cbox';

/** What the share dialog is opened on: a folder or a file, and the levels the caller holds on it. */
export type ShareTarget = { kind: 'folder' | 'file'; id: number; name: string; levels: readonly CboxLevel[] };
