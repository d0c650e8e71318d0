import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  ConcreteCompany,
  ConcreteElement,
  ConcreteSettingsResponse,
  ConcreteType,
  Laboratory,
} from '#domain/concrete-responses';
import type { ConcreteSettings } from '#domain/concrete';
import type { z } from 'zod';
import type {
  concreteCompanyCreateSchema,
  concreteCompanyUpdateSchema,
  concreteElementUpdateSchema,
  concreteTypeCreateSchema,
  concreteTypeUpdateSchema,
  laboratoryCreateSchema,
  laboratoryUpdateSchema,
} from '#domain/schemas/concrete';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { concreteKeys } from './keys.ts';

/** The concrete routes (docs/api.md, Concrete; server/src/modules/concrete), mounted at `hormigon`. */
export const CONCRETE_API = 'hormigon';

/** Field errors (422) are shown on the form, not as a toast: every write is silent. */
const silent = { silent: true } as const;

type Row = { id: number; active: boolean };

/**
 * One catalogue of config/hormigon (elements, laboratories, concrete companies, types): its list query and its
 * create and update mutations, each writing the row the server answers into the cached list. Entries are never
 * deleted, only disabled (`active: false`, domain/schemas/concrete.ts).
 */
function catalogue<R extends Row, Create, Update>(
  path: string,
  key: () => QueryKey,
  order: (list: R[]) => R[] = (list) => list,
) {
  const query = () =>
    queryOptions({
      queryKey: key(),
      queryFn: ({ signal }) => apiV2.get<DataEnvelope<R[]>>(`${CONCRETE_API}/${path}`, { signal }).then((r) => r.data),
    });
  const useWrite = () => {
    const queryClient = useQueryClient();
    return (row: R) =>
      queryClient.setQueryData<R[]>(key(), (list) =>
        order(
          !list
            ? [row]
            : list.some((r) => r.id === row.id)
              ? list.map((r) => (r.id === row.id ? row : r))
              : [...list, row],
        ),
      );
  };
  const useCreate = () => {
    const write = useWrite();
    return useMutation({
      mutationFn: (input: Create) =>
        apiV2.post<DataEnvelope<R>>(`${CONCRETE_API}/${path}`, input, silent).then((r) => r.data),
      onSuccess: write,
    });
  };
  const useUpdate = () => {
    const write = useWrite();
    return useMutation({
      mutationFn: ({ id, input }: { id: number; input: Update }) =>
        apiV2.patch<DataEnvelope<R>>(`${CONCRETE_API}/${path}/${id}`, input, silent).then((r) => r.data),
      onSuccess: write,
    });
  };
  return { query, useCreate, useUpdate };
}

/** One catalogue's query and writes (elements, laboratories, companies, types), as the config screens take it. */
export type Catalogue<R extends Row, Create, Update> = ReturnType<typeof catalogue<R, Create, Update>>;

// The orders the server lists in (server/src/modules/concrete/config/catalogues.ts), so a written row lands where
// the next read would put it.
const byPosition = (list: ConcreteElement[]) => [...list].sort((a, b) => a.position - b.position || a.id - b.id);
const byName = <R extends { id: number; name: string }>(list: R[]) =>
  [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'es') || a.id - b.id);
const designations = new Intl.Collator('es', { numeric: true });
/** By the grade's strength, then the designation (slump 8 before 10). */
const byStrength = (list: ConcreteType[]) =>
  [...list].sort(
    (a, b) => a.strength_mpa - b.strength_mpa || designations.compare(a.designation, b.designation) || a.id - b.id,
  );

export const elements = catalogue<ConcreteElement, { name: string }, z.output<typeof concreteElementUpdateSchema>>(
  'elementos',
  concreteKeys.elements,
  byPosition,
);
export const laboratories = catalogue<
  Laboratory,
  z.output<typeof laboratoryCreateSchema>,
  z.output<typeof laboratoryUpdateSchema>
>('laboratorios', concreteKeys.laboratories, byName);
export const companies = catalogue<
  ConcreteCompany,
  z.output<typeof concreteCompanyCreateSchema>,
  z.output<typeof concreteCompanyUpdateSchema>
>('empresas', concreteKeys.companies, byName);
export const types = catalogue<
  ConcreteType,
  z.output<typeof concreteTypeCreateSchema>,
  z.output<typeof concreteTypeUpdateSchema>
>('tipos', concreteKeys.types, byStrength);

/** Adds the default elements the company lacks (domain/concrete.ts DEFAULT_CONCRETE_ELEMENTS); answers the whole list. */
export function useAddDefaultElements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiV2
        .post<DataEnvelope<ConcreteElement[]>>(`${CONCRETE_API}/elementos/predeterminados`, undefined)
        .then((r) => r.data),
    onSuccess: (list) => queryClient.setQueryData(concreteKeys.elements(), byPosition(list)),
  });
}

/** The company's m3, batch and acceptance settings, or the defaults (updated_at null) until it saves its own. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: concreteKeys.settings(),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<ConcreteSettingsResponse>>(`${CONCRETE_API}/configuracion`, { signal })
        .then((r) => r.data),
  });

/** PUT hormigon/configuracion: always the whole settings (the concreto and lotes tabs each edit a part of them). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConcreteSettings) =>
      apiV2
        .put<DataEnvelope<ConcreteSettingsResponse>>(`${CONCRETE_API}/configuracion`, input, silent)
        .then((r) => r.data),
    onSuccess: (row) => queryClient.setQueryData(concreteKeys.settings(), row),
  });
}
