import type { TFunction } from 'i18next';
import type { ObservationEntry } from '../../../widgets/observation-list.tsx';
import type { TimelineEntry } from '../api/types.ts';

/** An API timeline entry → the docs/product.md §3 observation entry the shared list draws; changes read "from → to". */
export function toObservation(e: TimelineEntry, t: TFunction): ObservationEntry {
  const stateName = (s: string) =>
    t(`after_sales.states.${s}`, { defaultValue: t(`after_sales.order_states.${s}`, { defaultValue: s }) });
  const change =
    e.source === 'change' && e.from && e.to && e.from !== e.to ? `${stateName(e.from)} → ${stateName(e.to)}` : '';
  const justification = typeof e.data?.justification === 'string' ? e.data.justification : '';
  return {
    id: e.id,
    usuario: e.usuario
      ? { name: e.usuario.name, color: e.usuario.color, acronimo: e.usuario.acronimo }
      : { name: t('after_sales_ui.activity.system') },
    fecha: e.fecha,
    tipo: { nombre: e.tipo.nombre },
    text: [e.text, change, justification].filter(Boolean).join('\n'),
    archivos: e.archivos.map((f) => ({ name: f.name, filename: f.path, path: f.path, url: null, id: f.path })),
  };
}
