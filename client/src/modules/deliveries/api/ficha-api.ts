import { queryOptions } from '@tanstack/react-query';
import type { DeliverInput, FichaListQuery } from '#domain/schemas/deliveries';
import type { z } from 'zod';
import type {
  accessoriesSchema,
  Certificate,
  certificatesSchema,
  Details,
  FichaActivity,
  FichaDetail,
  FichaRow,
  Owner,
  Reception,
  Revision,
  RevisionItem,
  RevisionResult,
  ScheduleView,
  UnitType,
} from '#domain/fichas-responses';
import type { TicketRow } from '#domain/tickets-responses';
import type { VerbCommandType } from '#domain/commands';
import { deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys, dataListQuery } from '../../../api/query.ts';
import { browserTimeZone } from '../../../shared/time-zone.ts';
import { invalidate, registerLiveSync } from '../../../realtime/live-sync-registry.ts';
import type { PlanPinInput } from '#domain/plan-pins';
import type { PlanBoard } from '#domain/plan-pins-responses';

/** Query keys of the deliveries screens (CONVENTIONS: one factory, never an inline key). */
export const deliveryKeys = createQueryKeys('deliveries');
export const API = 'entregas';
export const fichaPath = (unitId: number, rest = '') => `${API}/fichas/${unitId}${rest}`;

/** The ficha/{unitId} tabs' queries (the act is the vista-previa-acta tab's PDF). */
export type FichaTab =
  | 'owners'
  | 'revision'
  | 'plan'
  | 'details'
  | 'accessories'
  | 'certificates'
  | 'reception'
  | 'activity'
  | 'tickets'
  | 'act';

/**
 * The ficha's keys: its header is `ficha(id)`, and every tab sits under it, so one prefix invalidation
 * (live sync) refreshes them all while a mutation can name the one it changed (exact).
 */
export const fichaKeys = {
  ficha: (unitId: number) => deliveryKeys.detail('ficha', unitId),
  tab: (unitId: number, name: FichaTab) => [...deliveryKeys.detail('ficha', unitId), name] as const,
};

/** The ficha's answers, inferred from domain/fichas-responses.ts (held to the server by tests/contracts/responses.test.ts). */
export type {
  Certificate,
  Details,
  FichaDetail,
  FichaRow,
  Owner,
  Reception,
  Revision,
  RevisionItem,
  RevisionResult,
  ScheduleView,
};
export type Accessories = z.infer<typeof accessoriesSchema>;
export type Accessory = Accessories['accessories'][number];
export type Certificates = z.infer<typeof certificatesSchema>;
export type Readings = Details['readings'];
export type Activity = FichaActivity;
/** GET entregas/fichas/:unitId/solicitudes: the unit's after-sales tickets, as the ticket list answers them. */
export type UnitTicket = Pick<TicketRow, 'id' | 'code' | 'subject' | 'state' | 'created_at'>;

export type FichaFilters = Partial<Omit<FichaListQuery, 'page' | 'rowsPerPage' | 'sortBy' | 'descending'>>;

const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/**
 * GET fichas: one page of 50 (docs/product.md §9), docs/product.md §2 filters, over the chosen projects (none:
 * every project the user sees). The projects travel in the query, not as the top bar's proyecto_id.
 */
export const fichaListQuery = (projectIds: readonly number[], filters: FichaFilters, page: number) =>
  dataListQuery<FichaRow>({
    keys: deliveryKeys,
    name: 'fichas',
    endpoint: `${API}/fichas`,
    pagination: { page },
    filters: { ...filters, project_id: projectIds.length ? [...projectIds] : undefined, tz: browserTimeZone() },
  });

export const fichaDetailQuery = (unitId: number) =>
  queryOptions({
    queryKey: fichaKeys.ficha(unitId),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<FichaDetail>>(fichaPath(unitId), { signal })),
  });

/** One query per tab, all under the ficha's detail key so one invalidation refreshes them. */
const tab = <T>(unitId: number, name: FichaTab, path: string, whole = false) =>
  queryOptions({
    queryKey: fichaKeys.tab(unitId, name),
    queryFn: ({ signal }) =>
      whole
        ? apiV2.get<T>(fichaPath(unitId, path), { signal })
        : data(apiV2.get<DataEnvelope<T>>(fichaPath(unitId, path), { signal })),
  });
export const ownersQuery = (id: number) => tab<Owner[]>(id, 'owners', '/propietarios');
export const revisionQuery = (id: number) => tab<Revision>(id, 'revision', '/revision');
/** The unit type's plan with the unit's failures; the revision's own are pinned here (docs/product.md#defects-on-plans). */
export const fichaPlanQuery = (id: number) => tab<PlanBoard>(id, 'plan', '/plano');
export const detailsQuery = (id: number) => tab<Details>(id, 'details', '/detalles');
export const accessoriesQuery = (id: number) => tab<Accessories>(id, 'accessories', '/accesorios');
export const certificatesQuery = (id: number) => tab<Certificates>(id, 'certificates', '/archivos', true);
export const receptionQuery = (id: number) => tab<Reception>(id, 'reception', '/recepcion');
export const activityQuery = (id: number) => tab<Activity[]>(id, 'activity', '/actividad');
export const unitTicketsQuery = (id: number) => tab<ListEnvelope<UnitTicket>>(id, 'tickets', '/solicitudes', true);
/** The delivery act as the server renders it (PDF), fetched afresh each time its tab opens. */
export const actQuery = (id: number) =>
  queryOptions({
    queryKey: fichaKeys.tab(id, 'act'),
    queryFn: () => fichaApi.actPdf(id),
    staleTime: 0,
  });

export type { UnitType };
/** GET entregas/tipos-unidad: the company's unit types (fichas filter, configuration, plans). */
export const unitTypesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.item('unit-types'),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<UnitType[]>>(`${API}/tipos-unidad`, { signal })),
    staleTime: 60_000,
  });

export type OwnerInput = { name: string; last_name?: string; mail?: string; phone?: string; role: Owner['role'] };

/** The owner's answers staff record on the delivery appointment (verb routes of the domain table). */
export type ScheduleAnswerEvent = VerbCommandType<typeof deliveryScheduleCommands>;

export const fichaApi = {
  bulkSchedule: (projectId: number, input: { unit_ids: number[]; start_at: string; interval_minutes: number }) =>
    apiV2.post<DataEnvelope<{ scheduled: number }>>(`${API}/proyectos/${projectId}/fichas/agendar`, input),
  schedule: (unitId: number, startAt: string) =>
    data(
      apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.schedule'].verb}`), {
        start_at: startAt,
      }),
    ),
  answerSchedule: (unitId: number, event: ScheduleAnswerEvent) =>
    data(
      apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/agenda/${deliveryScheduleCommands[event].verb}`), {}),
    ),
  deliver: (unitId: number, input: DeliverInput) =>
    data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.deliver'].verb}`), input)),
  returnToNew: (unitId: number) =>
    data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.returnToNew'].verb}`), {})),
  clean: (unitId: number) =>
    data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.clean'].verb}`), {})),
  passToAfterSales: (unitId: number) =>
    data(
      apiV2.post<DataEnvelope<FichaDetail & { ticket: { id: number; code: string } }>>(
        fichaPath(unitId, `/${fichaCommands['ficha.passToAfterSales'].verb}`),
        {},
      ),
    ),
  // The owners' calls answer the owner's id only: the tab refetches its list.
  addOwner: (unitId: number, input: OwnerInput) => apiV2.post(fichaPath(unitId, '/propietarios'), input),
  updateOwner: (unitId: number, ownerId: number, input: Partial<OwnerInput>) =>
    apiV2.patch(fichaPath(unitId, `/propietarios/${ownerId}`), input),
  removeOwner: (unitId: number, ownerId: number) => apiV2.delete(fichaPath(unitId, `/propietarios/${ownerId}`)),
  // The tabs' saves answer the tab as it now reads.
  saveRevision: (unitId: number, results: unknown[]) =>
    data(apiV2.put<DataEnvelope<Revision>>(fichaPath(unitId, '/revision'), { results })),
  /** PUT (a pin) or DELETE (none) fichas/{unitId}/revision/{resultId}/plano: answers the plan board. */
  pinRevision: (unitId: number, resultId: number, pin: PlanPinInput | null) => {
    const path = fichaPath(unitId, `/revision/${resultId}/plano`);
    return data(pin ? apiV2.put<DataEnvelope<PlanBoard>>(path, pin) : apiV2.delete<DataEnvelope<PlanBoard>>(path));
  },
  saveDetails: (unitId: number, input: Partial<Details>) =>
    data(apiV2.put<DataEnvelope<Details>>(fichaPath(unitId, '/detalles'), input)),
  saveAccessories: (unitId: number, accessories: Omit<Accessory, 'id'>[]) =>
    data(apiV2.put<DataEnvelope<Accessories>>(fichaPath(unitId, '/accesorios'), { accessories })),
  addCertificates: (unitId: number, paths: string[]) =>
    apiV2.post<Certificates & { added: number }>(fichaPath(unitId, '/archivos'), { paths }),
  removeCertificate: (unitId: number, id: number) => apiV2.delete(fichaPath(unitId, `/archivos/${id}`)),
  actPdf: (unitId: number, download = false) =>
    apiV2.get<Blob>(fichaPath(unitId, '/acta'), { responseType: 'blob', query: download ? { download: 1 } : {} }),
};

// docs/architecture.md §5 step 5: ficha and delivery events refresh every open list and the ficha they name.
registerLiveSync(
  'ficha.*',
  invalidate(deliveryKeys.lists(), (e) => (e.entity?.id ? fichaKeys.ficha(e.entity.id) : deliveryKeys.details())),
);
registerLiveSync('delivery.*', invalidate(deliveryKeys.lists(), deliveryKeys.details()));
