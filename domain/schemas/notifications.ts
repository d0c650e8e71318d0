import { z } from 'zod';
import { NOTIFICATION_RETENTION_DAYS } from '../limits.ts';

/**
 * Notifications (docs/product.md §1, §2, §6, §9): the list query, read/unread, and the per-event channel
 * preferences of /config/notificaciones/configuracion. Shared by the routes and the client forms.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export { NOTIFICATION_RETENTION_DAYS };

export const NOTIFICATION_FILTERS = ['todas', 'no_leidas', 'leidas'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const notificationListQuerySchema = z.object({
  estado: z.enum(NOTIFICATION_FILTERS, { error: 'validation.invalid' }).default('todas'),
});

export const notificationReadSchema = z.object({
  read: z.boolean({ error: 'validation.required' }),
});

const eventType = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.max_length')
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'validation.invalid');

export const notificationPreferenceSchema = z.object({
  type: eventType,
  in_app: z.boolean({ error: 'validation.required' }),
  email: z.boolean({ error: 'validation.required' }),
});
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1, 'validation.required').max(100, 'validation.max_items'),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** One item of GET notificaciones: texts already in the caller's language. */
export type NotificationItem = {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  read_at: string | null;
  created_at: string;
};

/** One row of GET notificaciones/configuracion. */
export type NotificationPreference = {
  type: string;
  label: string;
  group: string;
  in_app: boolean;
  email: boolean;
  /** False when the user has no (verified, for owners) e-mail: the channel cannot reach them (docs/product.md §5). */
  email_available: boolean;
};
