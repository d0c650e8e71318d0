import type { GlobalSearch } from '#domain/search-responses';

export type SearchKind = 'tickets' | 'units' | 'owners';
export const SEARCH_KINDS: readonly SearchKind[] = ['tickets', 'units', 'owners'];

/** One line of the dialog: what it shows and the page Enter opens. */
export type SearchHit = { key: string; kind: SearchKind; title: string; detail: string; to: string };

/**
 * The answer as the dialog's lines, grouped by kind in a fixed order (docs/product.md §9 Global search and
 * shortcuts): a ticket opens its solicitud, a unit or an owner the ficha of that unit.
 */
export function searchHits(result: GlobalSearch | undefined, unitLabel: (n: string) => string): SearchHit[] {
  if (!result) return [];
  return [
    ...result.tickets.map((t) => ({
      key: `t${t.id}`,
      kind: 'tickets' as const,
      title: `${t.code} · ${t.subject}`,
      detail: `${t.project.name} · ${unitLabel(t.unit_number)}`,
      to: `/warranties/solicitud/${t.id}`,
    })),
    ...result.units.map((u) => ({
      key: `u${u.id}`,
      kind: 'units' as const,
      title: unitLabel(u.number),
      detail: [u.project.name, u.tower].filter(Boolean).join(' · '),
      to: `/warranties/ficha/${u.id}`,
    })),
    ...result.owners.map((o) => ({
      key: `o${o.id}-${o.unit_id}`,
      kind: 'owners' as const,
      title: o.rut ? `${o.full_name} · ${o.rut}` : o.full_name,
      detail: `${o.project.name} · ${unitLabel(o.unit_number)}`,
      to: `/warranties/ficha/${o.unit_id}`,
    })),
  ];
}
