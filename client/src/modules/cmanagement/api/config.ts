import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CmCategoryRow, CmCustomFieldRow, CmTaskTemplateRow } from '#domain/cmanagement-responses';
import type {
  cmCategoryUpdateSchema,
  cmCustomFieldSchema,
  cmCustomFieldUpdateSchema,
  cmTaskTemplateSchema,
  cmTaskTemplateUpdateSchema,
} from '#domain/schemas/cmanagement';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cmanagementKeys } from './keys.ts';
import { CM_API } from './tickets.ts';

/**
 * config/cmanagement (docs/api.md, Cmanagement): categories, their custom fields and their task templates. The
 * category and field lists are the queries the ticket forms read too (api/tickets.ts), so an edit here shows there.
 */
export { ticketCategoriesQuery as categoriesQuery, ticketFieldsQuery as fieldsQuery } from './tickets.ts';

export type CmCategoryInput = z.input<typeof cmCategoryUpdateSchema>;
export type CmFieldCreateInput = z.input<typeof cmCustomFieldSchema>;
export type CmFieldUpdateInput = z.input<typeof cmCustomFieldUpdateSchema>;
export type CmTemplateInput = z.input<typeof cmTaskTemplateSchema>;
export type CmTemplateUpdateInput = z.input<typeof cmTaskTemplateUpdateSchema>;

const data = <T>(r: DataEnvelope<T>) => r.data;
/** Refusals these screens explain beside the control (a 409 on delete, a 422 per field) carry no toast. */
const silent = { silent: true } as const;

export const templatesQuery = (categoryId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.templates(categoryId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<CmTaskTemplateRow[]>>(`${CM_API}/categorias/${categoryId}/plantillas`, { signal })
        .then(data),
  });

export const configApi = {
  createCategory: (input: CmCategoryInput) =>
    apiV2.post<DataEnvelope<CmCategoryRow>>(`${CM_API}/categorias`, input, silent).then(data),
  updateCategory: (id: number, input: CmCategoryInput) =>
    apiV2.patch<DataEnvelope<CmCategoryRow>>(`${CM_API}/categorias/${id}`, input, silent).then(data),
  deleteCategory: (id: number) => apiV2.delete(`${CM_API}/categorias/${id}`, undefined, silent),
  createField: (categoryId: number, input: CmFieldCreateInput) =>
    apiV2.post<DataEnvelope<CmCustomFieldRow>>(`${CM_API}/categorias/${categoryId}/campos`, input, silent).then(data),
  updateField: (id: number, input: CmFieldUpdateInput) =>
    apiV2.patch<DataEnvelope<CmCustomFieldRow>>(`${CM_API}/campos/${id}`, input, silent).then(data),
  deleteField: (id: number) => apiV2.delete(`${CM_API}/campos/${id}`, undefined, silent),
  reorderFields: (categoryId: number, ids: number[]) =>
    apiV2.put<DataEnvelope<CmCustomFieldRow[]>>(`${CM_API}/categorias/${categoryId}/campos/orden`, { ids }).then(data),
  createTemplate: (categoryId: number, input: CmTemplateInput) =>
    apiV2
      .post<DataEnvelope<CmTaskTemplateRow>>(`${CM_API}/categorias/${categoryId}/plantillas`, input, silent)
      .then(data),
  updateTemplate: (id: number, input: CmTemplateUpdateInput) =>
    apiV2.patch<DataEnvelope<CmTaskTemplateRow>>(`${CM_API}/plantillas/${id}`, input, silent).then(data),
  deleteTemplate: (id: number) => apiV2.delete(`${CM_API}/plantillas/${id}`),
};

/** Every category write changes the list's counts: refresh it (and the ticket forms that read it). */
function useConfigWrite<A, R>(write: (args: A) => Promise<R>, keyOf: (args: A) => readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_r, args) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyOf(args) }),
        queryClient.invalidateQueries({ queryKey: cmanagementKeys.categories() }),
      ]),
  });
}

const categoriesKey = () => cmanagementKeys.categories();

export const useCreateCategory = () => useConfigWrite(configApi.createCategory, categoriesKey);
export const useUpdateCategory = () =>
  useConfigWrite((a: { id: number } & CmCategoryInput) => configApi.updateCategory(a.id, a), categoriesKey);
export const useDeleteCategory = () => useConfigWrite(configApi.deleteCategory, categoriesKey);

export const useCreateField = (categoryId: number) =>
  useConfigWrite(
    (input: CmFieldCreateInput) => configApi.createField(categoryId, input),
    () => cmanagementKeys.fields(categoryId),
  );
export const useUpdateField = (categoryId: number) =>
  useConfigWrite(
    (a: { id: number; input: CmFieldUpdateInput }) => configApi.updateField(a.id, a.input),
    () => cmanagementKeys.fields(categoryId),
  );
export const useDeleteField = (categoryId: number) =>
  useConfigWrite(configApi.deleteField, () => cmanagementKeys.fields(categoryId));

/** The new order shows at once; the server's answer (or the old list, on a refusal) replaces it. */
export function useReorderFields(categoryId: number) {
  const queryClient = useQueryClient();
  const key = cmanagementKeys.fields(categoryId);
  return useMutation({
    mutationFn: (ordered: CmCustomFieldRow[]) =>
      configApi.reorderFields(
        categoryId,
        ordered.map((f) => f.id),
      ),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CmCustomFieldRow[]>(key);
      queryClient.setQueryData(key, ordered);
      return { before };
    },
    onError: (_e, _v, ctx) => queryClient.setQueryData(key, ctx?.before),
    onSuccess: (rows) => queryClient.setQueryData(key, rows),
  });
}

export const useCreateTemplate = (categoryId: number) =>
  useConfigWrite(
    (input: CmTemplateInput) => configApi.createTemplate(categoryId, input),
    () => cmanagementKeys.templates(categoryId),
  );
export const useUpdateTemplate = (categoryId: number) =>
  useConfigWrite(
    (a: { id: number; input: CmTemplateUpdateInput }) => configApi.updateTemplate(a.id, a.input),
    () => cmanagementKeys.templates(categoryId),
  );
export const useDeleteTemplate = (categoryId: number) =>
  useConfigWrite(configApi.deleteTemplate, () => cmanagementKeys.templates(categoryId));
