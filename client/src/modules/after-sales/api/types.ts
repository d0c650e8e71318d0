/**
 * Shapes the after-sales API answers, inferred from the response schemas of the domain contracts
 * (domain/<feature>-responses.ts), which tests/contracts/responses.test.ts holds to the server's real answers.
 */
export type { AttachmentView as Attachment, PersonBrief, Ref } from '#domain/responses';
export type {
  CatalogueTree,
  Efficiency,
  MergeCandidate,
  Progress,
  RequestsBoard,
  ResponsibleOption,
  Statistics,
  TicketDetail,
  TicketRow,
  TimelineEntry,
  Times,
  UnitOption,
} from '#domain/tickets-responses';
export type { FailureView } from '#domain/failures-responses';
export type { AgendaEvent, OrderView } from '#domain/orders-responses';
export type { AcView } from '#domain/acs-responses';
export type { OrderKind } from '#domain/orders';
