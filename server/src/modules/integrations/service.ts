/**
 * The integrations module's public face for other modules (docs/architecture.md §2): the scheduling tool's
 * invitations that after-sales and deliveries attach to the mails about a visit.
 */
export { visitInviteAttachments } from './calendar/invites.ts';
