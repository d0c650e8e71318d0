export * from './core.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './after-sales.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './files.ts';
export * from './deliveries.ts';
