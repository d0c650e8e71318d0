import type { WebhookEventName } from '#domain/webhook-events';
import type { WebhookPayload } from './payload.ts';

type Sample = Omit<WebhookPayload['data'], 'project_id' | 'actor_id'>;

const ticket = { ticketId: 1042, code: 'PV-1042', subject: 'Filtración en baño principal', projectId: 7 };

/** What the test-event dialog sends for each event (the same shapes docs/api.md shows). */
const SAMPLES: Record<WebhookEventName, Sample> = {
  'ticket.created': {
    object: 'ticket',
    id: 1042,
    action: 'created',
    from: null,
    to: 'nueva',
    attributes: { ...ticket, state: 'nueva' },
  },
  'ticket.state_changed': {
    object: 'ticket',
    id: 1042,
    action: 'ticket.close',
    from: 'en_proceso',
    to: 'finalizada',
    attributes: { ...ticket, state: 'finalizada' },
  },
  'ticket.assigned': {
    object: 'ticket',
    id: 1042,
    action: 'assigned',
    from: null,
    to: null,
    attributes: { ...ticket, responsibleId: 31 },
  },
  'ticket.message': {
    object: 'ticket',
    id: 1042,
    action: 'message',
    from: null,
    to: null,
    attributes: { ...ticket, messageId: 551 },
  },
  'failure.outcome': {
    object: 'failure',
    id: 3310,
    action: 'failure.resolve',
    from: 'pendiente',
    to: 'solucionada',
    attributes: { ticketId: 1042, failureId: 3310 },
  },
  'order.scheduled': {
    object: 'order',
    id: 220,
    action: 'order.schedule',
    from: 'por_agendar',
    to: 'agendada',
    attributes: { ticketId: 1042, startAt: '2026-12-02T13:00:00.000Z' },
  },
  'order.confirmed': {
    object: 'order',
    id: 220,
    action: 'order.confirm',
    from: 'agendada',
    to: 'confirmada',
    attributes: { ticketId: 1042 },
  },
  'order.rejected': {
    object: 'order',
    id: 220,
    action: 'order.reject',
    from: 'agendada',
    to: 'rechazada',
    attributes: { ticketId: 1042 },
  },
  'order.managed': {
    object: 'order',
    id: 220,
    action: 'order.manage',
    from: 'confirmada',
    to: 'gestionada',
    attributes: { ticketId: 1042 },
  },
  'ac.replied': {
    object: 'ac',
    id: 87,
    action: 'ac.reply',
    from: 'pendiente',
    to: 'conforme',
    attributes: { ticketId: 1042 },
  },
  'ficha.delivered': {
    object: 'ficha',
    id: 512,
    action: 'ficha.deliver',
    from: 'agendada',
    to: 'entregada',
    attributes: { unitId: 512 },
  },
  'delivery_schedule.confirmed': {
    object: 'delivery_schedule',
    id: 64,
    action: 'delivery.confirm',
    from: 'propuesta',
    to: 'confirmada',
    attributes: { unitId: 512 },
  },
  'delivery_schedule.rejected': {
    object: 'delivery_schedule',
    id: 64,
    action: 'delivery.reject',
    from: 'propuesta',
    to: 'rechazada',
    attributes: { unitId: 512 },
  },
  'user.created': {
    object: 'user',
    id: 77,
    action: 'created',
    from: null,
    to: 'activo',
    attributes: { username: 'mperez' },
  },
  'user.disabled': {
    object: 'user',
    id: 77,
    action: 'user.disable',
    from: 'activo',
    to: 'deshabilitado',
    attributes: { username: 'mperez' },
  },
};

/** A sample payload of `event`, stamped now and marked as a test. */
export function samplePayload(event: WebhookEventName, now = new Date()): WebhookPayload {
  const sample = SAMPLES[event];
  return {
    type: event,
    timestamp: now.toISOString(),
    data: {
      ...sample,
      project_id: sample.object === 'user' ? null : 7,
      actor_id: 12,
      attributes: { ...sample.attributes, test: true },
    },
  };
}
