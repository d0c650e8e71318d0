/** Public surface of the notifications module: the bell of the top bar and the two config pages. */
export { NotificationBell } from './notification-bell.tsx';
export { RecibidasPage } from './received-page.tsx';
export { ConfiguracionPage } from './settings-page.tsx';
export { notificationKeys } from './notifications-api.ts';
