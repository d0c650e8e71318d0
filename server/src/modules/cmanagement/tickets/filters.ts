import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { CM_FILTERABLE_FIELD_TYPES, type CmFieldType } from '#domain/cmanagement';
import type { CmCustomFilter, CmTicketListQuery } from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmCustomFields, cmTicketPeople, cmTickets } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { containsText } from '../../../lib/text-search.ts';
import { cmTicketScope } from '../shared/scope.ts';

const refuseFilter = () => unprocessable([{ field: 'cf', key: 'cmanagement.tickets.errors.filter_invalid' }]);
const contains = (fieldId: number, value: unknown) =>
  sql`${cmTickets.customValues} @> ${JSON.stringify({ [String(fieldId)]: value })}::jsonb`;

/**
 * One custom field filter as SQL. Equality filters are a JSONB containment (`custom_values @> {"<id>": value}`),
 * which the GIN index cm_tickets_values_idx (jsonb_path_ops) answers (docs/decisions.md, Cmanagement custom field
 * storage); a multi-valued answer contains the value in its array; text matches words it contains.
 */
function customFilterSql(type: CmFieldType, multiple: boolean, filter: CmCustomFilter): SQL {
  const { fieldId, value } = filter;
  const many = type === 'multi_select' || multiple;
  switch (type) {
    case 'select':
    case 'multi_select':
    case 'date':
      if (type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw refuseFilter();
      return contains(fieldId, many ? [value] : value);
    case 'checkbox':
      if (value !== 'true' && value !== 'false') throw refuseFilter();
      return contains(fieldId, value === 'true');
    case 'number':
    case 'user': {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || (type === 'user' && !Number.isSafeInteger(n)))
        throw refuseFilter();
      return contains(fieldId, many ? [n] : n);
    }
    default:
      return containsText([sql`${cmTickets.customValues} ->> ${String(fieldId)}`], value) ?? sql`true`;
  }
}

/** The custom field filters, each checked against its field (the caller's company, a filterable type). */
async function customFilters(db: DbOrTx, user: SessionUser, filters: readonly CmCustomFilter[]) {
  if (!filters.length) return [];
  const fields = await db
    .select({ id: cmCustomFields.id, type: cmCustomFields.type, multiple: cmCustomFields.multiple })
    .from(cmCustomFields)
    .where(
      and(
        eq(cmCustomFields.companyId, user.companyId),
        inArray(
          cmCustomFields.id,
          filters.map((f) => f.fieldId),
        ),
      ),
    );
  return filters.map((filter) => {
    const field = fields.find((f) => f.id === filter.fieldId);
    if (!field || !(CM_FILTERABLE_FIELD_TYPES as readonly string[]).includes(field.type)) throw refuseFilter();
    return customFilterSql(field.type, field.multiple, filter);
  });
}

const CODE_PATTERN = /^\s*(?:cm-?)?(\d{1,9})\s*$/i;

/** The list's WHERE (docs/api.md GET cmanagement/tickets): the caller's scope and every filter of the query. */
export async function ticketWhere(db: DbOrTx, user: SessionUser, q: CmTicketListQuery): Promise<SQL | undefined> {
  const search = q.search?.trim();
  const code = search ? CODE_PATTERN.exec(search) : null;
  const assignees = q.assignee?.length
    ? sql`exists (select 1 from ${cmTicketPeople} where ${cmTicketPeople.ticketId} = ${cmTickets.id}
        and ${cmTicketPeople.role} = 'assignee' and ${inArray(cmTicketPeople.userId, q.assignee)})`
    : undefined;
  return and(
    cmTicketScope(user),
    q.state?.length ? inArray(cmTickets.state, q.state) : undefined,
    q.priority?.length ? inArray(cmTickets.priority, q.priority) : undefined,
    q.category?.length ? inArray(cmTickets.categoryId, q.category) : undefined,
    q.project?.length ? inArray(cmTickets.projectId, q.project) : undefined,
    q.due_from ? gte(cmTickets.dueDate, q.due_from) : undefined,
    q.due_to ? lte(cmTickets.dueDate, q.due_to) : undefined,
    assignees,
    search
      ? or(code ? eq(cmTickets.number, Number(code[1])) : undefined, containsText([cmTickets.title], search))
      : undefined,
    ...(await customFilters(db, user, q.cf ?? [])),
  );
}
