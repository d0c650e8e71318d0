/** Public surface of the cbox module: its pages, lazy-loaded by the route table. */
export { ExplorerPage } from './explorer/explorer-page.tsx';
export { ActivationPage } from './activation/activation-page.tsx';
/** The library as a source and a destination of attachments (the shell mounts it through attachments.entry.ts). */
export { CboxAttachmentSources } from './picker/cbox-attachment-sources.tsx';
