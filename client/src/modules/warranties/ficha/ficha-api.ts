import { queryOptions } from '@tanstack/react-query';
import type { DeliverInput, FichaListQuery } from '#domain/schemas/deliveries';
import type { FichaState } from '#machines/ficha';
import type { VerbCommandType } from '#domain/commands';
import { deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys, dataListQuery } from '../../../api/query.ts';
import { invalidate, registerLiveSync } from '../../../realtime/live-sync-registry.ts';

/** Query keys of the deliveries screens (CONVENTIONS: one factory, never an inline key). */
export const deliveryKeys = createQueryKeys('deliveries');
export const API = 'entregas';
export const fichaPath = (unitId: number, rest = '') => `${API}/fichas/${unitId}${rest}`;

type Brief = { id: number; name: string };
export type ScheduleView = { id: number; state: 'por_confirmar' | 'confirmada' | 'rechazada'; start_at: string; responsible_id: number | null; owner_decision_reason?: string | null };
export type FichaRow = {
  id: number; unit: string; project_id: number; tower: Brief | null; floor: { id: number; number: number; name: string | null } | null;
  unit_type: (Brief & { category: string }) | null; responsible: { id: number; full_name: string; color: string | null } | null;
  schedule: Pick<ScheduleView, 'id' | 'state' | 'start_at'> | null; scheduled_delivery_at: string | null; delivery_date: string | null;
  pending_failures: number; state: FichaState; is_passed_to_after_sales: boolean; after_sales_ticket_id: number | null;
  owners: { id: number; name: string; last_name: string | null; role: string }[];
};
export type FichaDetail = Omit<FichaRow, 'owners' | 'schedule' | 'after_sales_ticket_id' | 'project_id'> & {
  project: Brief; schedule: ScheduleView | null; after_sales_ticket: { id: number; code: string; state: string } | null; owners_count: number;
};
export type Owner = { id: number; name: string; last_name: string | null; mail: string | null; phone: string | null; rut: string | null; role: 'propietario' | 'receptor'; can_be_notified: boolean };
export type Readings = Record<'light' | 'cold_water' | 'hot_water' | 'gas' | 'heating', number | null>;
export type Details = { parkings: string[]; storages: string[]; readings: Readings; observations: string | null };
export type Accessory = { id: number | null; name: string; delivered: boolean; quantity: number };
export type Certificate = { id: number; name: string; path: string; url: string; size: number; created_at: string };
export type RevisionResult = { id: number; outcome: string; failure_type_id: number | null; observation: string | null; photos: { path: string; name: string }[] };
export type RevisionItem = { id: number; name: string; category: string; failures: { id: number; name: string; severity: string }[]; result: RevisionResult | null };
export type Revision = {
  unit_type: Brief | null;
  areas: { id: number; name: string; places: { id: number; name: string; items: RevisionItem[] }[] }[];
  summary: { items: number; answered: number; pending_failures: number };
};
export type Reception = {
  state: FichaState; delivery_date: string | null; recorded_at: string | null; delivered_by: { full_name: string } | null;
  attendees: { owner_id: number; name: string; last_name: string | null; role: string }[];
  receiver_comment: string | null; observations: string | null; owner_signature_path: string | null;
  representative: { full_name?: string; signature_path: string | null } | null;
};
export type Activity = { id: number; action: string; from_state: string | null; to_state: string | null; created_at: string; user: { full_name: string } | null };
export type UnitTicket = { id: number; code: string; subject: string; state: string; created_at: string };

export type FichaFilters = Partial<Omit<FichaListQuery, 'page' | 'rowsPerPage' | 'sortBy' | 'descending'>>;

const data = <T,>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** GET proyectos/{proyecto_id}/fichas: one page of 50 (docs/product.md §9), docs/product.md §2 filters. */
export const fichaListQuery = (filters: FichaFilters, page: number) => dataListQuery<FichaRow>({
  keys: deliveryKeys, name: 'fichas', endpoint: `${API}/proyectos/{proyecto_id}/fichas`, module: 'warranties',
  pagination: { page }, filters,
});

export const fichaDetailQuery = (unitId: number) => queryOptions({
  queryKey: deliveryKeys.detail('ficha', unitId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<FichaDetail>>(fichaPath(unitId), { signal })),
});

/** One query per tab, all under the ficha's detail key so one invalidation refreshes them. */
const tab = <T,>(unitId: number, name: string, path: string, whole = false) => queryOptions({
  queryKey: [...deliveryKeys.detail('ficha', unitId), name],
  queryFn: ({ signal }) => (whole ? apiV2.get<T>(fichaPath(unitId, path), { signal }) : data(apiV2.get<DataEnvelope<T>>(fichaPath(unitId, path), { signal }))),
});
export const ownersQuery = (id: number) => tab<Owner[]>(id, 'owners', '/propietarios');
export const revisionQuery = (id: number) => tab<Revision>(id, 'revision', '/revision');
export const detailsQuery = (id: number) => tab<Details>(id, 'details', '/detalles');
export const accessoriesQuery = (id: number) => tab<{ is_template: boolean; accessories: Accessory[] }>(id, 'accessories', '/accesorios');
export const certificatesQuery = (id: number) => tab<{ data: Certificate[]; max_files: number; max_bytes: number }>(id, 'certificates', '/archivos', true);
export const receptionQuery = (id: number) => tab<Reception>(id, 'reception', '/recepcion');
export const activityQuery = (id: number) => tab<Activity[]>(id, 'activity', '/actividad');
export const unitTicketsQuery = (id: number) => tab<ListEnvelope<UnitTicket>>(id, 'tickets', '/solicitudes', true);

export type UnitType = { id: number; name: string; category: string; surface: number | null; areas_count: number; units_count: number };
/** GET entregas/tipos-unidad: the company's unit types (fichas filter, configuration, plans). */
export const unitTypesQuery = () => queryOptions({
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
  schedule: (unitId: number, startAt: string) => data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.schedule'].verb}`), { start_at: startAt })),
  answerSchedule: (unitId: number, event: ScheduleAnswerEvent) => data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/agenda/${deliveryScheduleCommands[event].verb}`), {})),
  deliver: (unitId: number, input: DeliverInput) => data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.deliver'].verb}`), input)),
  returnToNew: (unitId: number) => data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.returnToNew'].verb}`), {})),
  clean: (unitId: number) => data(apiV2.post<DataEnvelope<FichaDetail>>(fichaPath(unitId, `/${fichaCommands['ficha.clean'].verb}`), {})),
  passToAfterSales: (unitId: number) => data(apiV2.post<DataEnvelope<FichaDetail & { ticket: { id: number; code: string } }>>(fichaPath(unitId, `/${fichaCommands['ficha.passToAfterSales'].verb}`), {})),
  addOwner: (unitId: number, input: OwnerInput) => apiV2.post(fichaPath(unitId, '/propietarios'), input),
  updateOwner: (unitId: number, ownerId: number, input: Partial<OwnerInput>) => apiV2.patch(fichaPath(unitId, `/propietarios/${ownerId}`), input),
  removeOwner: (unitId: number, ownerId: number) => apiV2.delete(fichaPath(unitId, `/propietarios/${ownerId}`)),
  saveRevision: (unitId: number, results: unknown[]) => apiV2.put(fichaPath(unitId, '/revision'), { results }),
  saveDetails: (unitId: number, input: Partial<Details>) => apiV2.put(fichaPath(unitId, '/detalles'), input),
  saveAccessories: (unitId: number, accessories: Omit<Accessory, 'id'>[]) => apiV2.put(fichaPath(unitId, '/accesorios'), { accessories }),
  addCertificates: (unitId: number, paths: string[]) => apiV2.post(fichaPath(unitId, '/archivos'), { paths }),
  removeCertificate: (unitId: number, id: number) => apiV2.delete(fichaPath(unitId, `/archivos/${id}`)),
  actPdf: (unitId: number, download = false) =>
    apiV2.get<Blob>(fichaPath(unitId, '/acta'), { responseType: 'blob', query: download ? { download: 1 } : {} }),
};

// docs/architecture.md §5 step 5: ficha and delivery events refresh every open list and the ficha they name.
registerLiveSync('ficha.*', invalidate(deliveryKeys.lists(), (e) => (e.entity?.id ? deliveryKeys.detail('ficha', e.entity.id) : deliveryKeys.details())));
registerLiveSync('delivery.*', invalidate(deliveryKeys.lists(), deliveryKeys.details()));
