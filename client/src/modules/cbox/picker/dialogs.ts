/** The library's dialogs for the rest of the app, one lazy chunk (loaded the first time one is asked for). */
export { CboxFilePickerDialog } from './cbox-file-picker-dialog.tsx';
export { SaveToCboxDialog } from './save-to-cbox-dialog.tsx';
