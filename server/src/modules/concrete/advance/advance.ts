import { and, asc, count, eq, ne } from 'drizzle-orm';
import { ADVANCE_STATES, advanceStateOf, type AdvanceState } from '#domain/concrete-placements';
import type { Advance } from '#domain/concrete-placements-responses';
import type { DbOrTx } from '../../../db/client.ts';
import {
  bimElements,
  concreteBatches,
  concreteElements,
  concreteModels,
  concretePlacementElements,
  concretePlacements,
} from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { concreteModelOf } from '../uploader/model.ts';

/**
 * GET hormigon/proyectos/{projectId}/avance (concrete/advanceBim): each live placement of the project with its advance
 * state (domain/concrete-placements.ts advanceStateOf) and its elements, and the m3 totals by state, by element type
 * and by floor (the placement's location). Two queries whatever the size; the totals are summed here.
 */
export async function advanceOf(db: DbOrTx, user: SessionUser, projectId: number): Promise<Advance> {
  const { model } = await concreteModelOf(db, user, projectId);
  const [placements, links, [{ total }]] = await Promise.all([
    db
      .select({
        id: concretePlacements.id,
        number: concretePlacements.number,
        state: concretePlacements.state,
        m3: concretePlacements.m3,
        location: concretePlacements.location,
        elementId: concretePlacements.elementId,
        elementName: concreteElements.name,
        batchState: concreteBatches.state,
      })
      .from(concretePlacements)
      .innerJoin(concreteElements, eq(concreteElements.id, concretePlacements.elementId))
      .leftJoin(concreteBatches, eq(concreteBatches.id, concretePlacements.batchId))
      .where(
        and(
          eq(concretePlacements.companyId, user.companyId),
          eq(concretePlacements.projectId, projectId),
          ne(concretePlacements.state, 'anulado'),
        ),
      )
      .orderBy(asc(concretePlacements.number)),
    db
      .select({ id: concretePlacementElements.placementId, globalId: concretePlacementElements.globalId })
      .from(concretePlacementElements)
      .where(and(eq(concretePlacementElements.projectId, projectId), eq(concretePlacementElements.released, false))),
    model
      ? db
          .select({ total: count() })
          .from(bimElements)
          .innerJoin(concreteModels, eq(concreteModels.modelId, bimElements.modelId))
          .where(eq(concreteModels.projectId, projectId))
      : Promise.resolve([{ total: 0 }]),
  ]);
  const idsOf = new Map<number, string[]>();
  for (const l of links) idsOf.set(l.id, [...(idsOf.get(l.id) ?? []), l.globalId]);

  const byState = new Map<AdvanceState, { m3: number; placements: number; elements: number }>(
    ADVANCE_STATES.map((s) => [s, { m3: 0, placements: 0, elements: 0 }]),
  );
  const byElement = new Map<string, Advance['by_element'][number]>();
  const byFloor = new Map<string, Advance['by_floor'][number]>();
  const round = (n: number) => Math.round(n * 10) / 10;
  const out: Advance['placements'] = [];
  for (const p of placements) {
    const state = advanceStateOf(p.state, p.batchState);
    const globalIds = idsOf.get(p.id) ?? [];
    out.push({ id: p.id, number: p.number, state, global_ids: globalIds });
    const s = byState.get(state)!;
    Object.assign(s, { m3: s.m3 + p.m3, placements: s.placements + 1, elements: s.elements + globalIds.length });
    const e = byElement.get(`${p.elementId}:${state}`) ?? {
      element: { id: p.elementId, name: p.elementName },
      state,
      m3: 0,
      placements: 0,
    };
    byElement.set(`${p.elementId}:${state}`, { ...e, m3: e.m3 + p.m3, placements: e.placements + 1 });
    const f = byFloor.get(`${p.location}\u0000${state}`) ?? { floor: p.location, state, m3: 0, placements: 0 };
    byFloor.set(`${p.location}\u0000${state}`, { ...f, m3: f.m3 + p.m3, placements: f.placements + 1 });
  }
  const placed = [...byState.values()].reduce((a, s) => a + s.elements, 0);
  byState.get('sin_vaciar')!.elements = Math.max(0, Number(total) - placed);
  const order = (s: AdvanceState) => ADVANCE_STATES.indexOf(s);
  return {
    model,
    element_total: Number(total),
    placements: out,
    by_state: ADVANCE_STATES.map((state) => {
      const s = byState.get(state)!;
      return { state, elements: s.elements, m3: round(s.m3), placements: s.placements };
    }),
    by_element: [...byElement.values()]
      .map((r) => ({ ...r, m3: round(r.m3) }))
      .sort((a, b) => a.element.name.localeCompare(b.element.name, 'es') || order(a.state) - order(b.state)),
    by_floor: [...byFloor.values()]
      .map((r) => ({ ...r, m3: round(r.m3) }))
      .sort((a, b) => a.floor.localeCompare(b.floor, 'es', { numeric: true }) || order(a.state) - order(b.state)),
  };
}
