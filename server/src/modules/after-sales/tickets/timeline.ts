import { sql } from 'drizzle-orm';
import { ACTIVITY_HISTORY_LIMIT } from '#domain/limits';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import type { Attachment } from '../../../db/schema/index.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { envelope } from '../../../lib/paging.ts';
import { userBriefs } from '../../../db/staff.ts';

type Entry = {
  source: 'message' | 'change';
  id: number;
  created_at: Date | string;
  user_id: number | null;
  visibility: 'public' | 'private';
  kind: string;
  body: string;
  attachments: Attachment[];
  data: Record<string, unknown>;
  action: string | null;
  from_state: string | null;
  to_state: string | null;
};

/**
 * solicitud/{id}/actividad (docs/product.md §2, §3 Observation entry, §9 last 50 records): messages and
 * changes, newest first, 50 a page. Changes and private messages never reach owners.
 */
export async function timeline(
  db: DbOrTx,
  opts: { companyId: number; ticketId: number; ownerView: boolean; page: number; t: Translate },
) {
  const { companyId, ticketId, ownerView, page, t } = opts;
  const perPage = ACTIVITY_HISTORY_LIMIT;
  const messages = sql`select 'message' as source, m.id, m.created_at, m.author_id as user_id, m.visibility, m.kind, m.body, m.attachments, m.data,
      null::text as action, null::text as from_state, null::text as to_state
    from ticket_messages m where m.ticket_id = ${ticketId} and m.company_id = ${companyId}
    ${ownerView ? sql`and m.visibility = 'public'` : sql``}`;
  const changes = sql`select 'change' as source, a.id, a.created_at, a.user_id, 'private' as visibility, 'change' as kind, '' as body, '[]'::jsonb as attachments, a.data,
      a.action, a.from_state, a.to_state
    from activity_log a where a.company_id = ${companyId} and a.entity_type = 'ticket' and a.entity_id = ${ticketId}`;
  const union = ownerView ? messages : sql`${messages} union all ${changes}`;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select * from (${union}) x order by x.created_at desc, x.source, x.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    db.execute(sql`select count(*)::int as n from (${union}) x`),
  ]);
  const entries = rowsOf<Entry>(rows);
  const total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  const people = await userBriefs(
    db,
    entries.map((e) => e.user_id),
  );
  return envelope(
    entries.map((e) => {
      const who = e.user_id ? people.get(e.user_id) : undefined;
      const label =
        e.source === 'message'
          ? t(
              e.kind === 'document'
                ? 'after_sales.timeline.document'
                : e.kind === 'change'
                  ? 'after_sales.timeline.justification'
                  : `after_sales.timeline.${e.visibility}_message`,
            )
          : t(`after_sales.events.${e.action}`);
      return {
        id: `${e.source === 'message' ? 'm' : 'c'}${e.id}`,
        source: e.source,
        visibility: e.visibility,
        // docs/product.md §3 Observation entry: usuario (name, color, acronimo), fecha, tipo (nombre), text, archivos.
        usuario: who ? { id: who.id, name: who.full_name, color: who.color, acronimo: who.acronym } : null,
        fecha: new Date(e.created_at).toISOString(),
        tipo: { nombre: label, kind: e.source === 'message' ? e.kind : 'change' },
        // A document the ticket produced (acs/sign.ts: the signed act) is described in the reader's language.
        text:
          e.kind === 'document'
            ? t('after_sales.timeline.ac_signed', {
                code: String(e.data.acCode ?? ''),
                name: String(e.data.signerName ?? ''),
              })
            : e.body,
        archivos: e.attachments ?? [],
        action: e.action,
        from: e.from_state,
        to: e.to_state,
        data: ownerView ? {} : e.data,
      };
    }),
    total,
    { page, rowsPerPage: perPage },
  );
}
