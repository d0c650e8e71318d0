/**
 * The shell's door into the library for the rest of the app: the provider that lets every uploader pick from Cbox and
 * every gallery save to it. Light (its dialogs are a lazy chunk), so the first load does not take the module's pages
 * (docs/architecture.md §6, first-load weight).
 */
export { CboxAttachmentSources } from './picker/cbox-attachment-sources.tsx';
