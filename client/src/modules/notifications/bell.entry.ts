/**
 * The top bar's door into this module: only the bell (count and latest notifications), so the
 * shell's lazy slot does not also load the received and settings pages (docs/architecture.md §6, first-load weight).
 */
export { NotificationBell } from './notification-bell.tsx';
