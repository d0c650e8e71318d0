import type { Tx } from './client.ts';
import {
  qualityActivities,
  qualityActivityLinks,
  qualityActivityValues,
  qualityAttributes,
  qualityAttributeValues,
} from './schema/index.ts';

/**
 * The demo's construction progress (docs/product.md §3 Progress activity, Attribute): the company's attributes
 * Torre, Piso and Partida, and a schedule for the first project — three phases, five floors each, three tasks per
 * floor (63 activities) around today: obra gruesa done, instalaciones finishing, terminaciones under way and
 * ahead — with actual dates and progress of what started, costs in CLP, attribute values and 20 finish-to-start
 * dependencies. Deterministic for a given `now`; seven inserts.
 */
const ATTRIBUTES: { name: string; values: string[] }[] = [
  { name: 'Torre', values: ['A', 'B'] },
  { name: 'Piso', values: ['1', '2', '3', '4', '5'] },
  { name: 'Partida', values: ['Obra gruesa', 'Terminaciones', 'Instalaciones'] },
];

/** Phase, its first day (days from today), and its tasks per floor. */
const PHASES: { name: string; startIn: number; tasks: string[] }[] = [
  { name: 'Obra gruesa', startIn: -150, tasks: ['Moldajes', 'Enfierradura', 'Hormigonado de losa'] },
  {
    name: 'Instalaciones',
    startIn: -95,
    tasks: ['Instalación sanitaria', 'Instalación eléctrica', 'Instalación de gas'],
  },
  { name: 'Terminaciones', startIn: -40, tasks: ['Tabiquería', 'Pintura', 'Pisos y revestimientos'] },
];
const FLOORS = 5;
/** Days of one task; a floor's tasks follow each other, and each floor starts when the one below is half done. */
const TASK_DAYS = 6;
const FLOOR_SHIFT = 12;

const DAY = 86_400_000;

type Planned = {
  key: string;
  parentKey: string | null;
  level: number;
  position: number;
  code: string;
  description: string;
  start: number;
  end: number;
  tower?: string;
  floor?: string;
  phase: string;
  cost?: number;
};

export async function seedQuality(tx: Tx, at: { companyId: number; projectIds: number[]; now: Date }) {
  const attrs = await tx
    .insert(qualityAttributes)
    .values(ATTRIBUTES.map((a, position) => ({ companyId: at.companyId, name: a.name, position })))
    .returning();
  const values = await tx
    .insert(qualityAttributeValues)
    .values(
      ATTRIBUTES.flatMap((a, i) =>
        a.values.map((name, position) => ({ companyId: at.companyId, attributeId: attrs[i].id, name, position })),
      ),
    )
    .returning();
  const valueOf = (attribute: string, name: string) => {
    const attributeId = attrs.find((a) => a.name === attribute)!.id;
    return { attributeId, valueId: values.find((v) => v.attributeId === attributeId && v.name === name)!.id };
  };

  const projectId = at.projectIds[0];
  if (projectId === undefined) return;
  const today = Date.UTC(at.now.getUTCFullYear(), at.now.getUTCMonth(), at.now.getUTCDate());
  const iso = (days: number) => new Date(today + days * DAY).toISOString().slice(0, 10);

  // The plan, in days from today.
  const plan: Planned[] = [];
  PHASES.forEach((phase, p) => {
    const phaseKey = `${p}`;
    const floors: Planned[] = [];
    for (let f = 0; f < FLOORS; f += 1) {
      const tower = f < 3 ? 'A' : 'B';
      const floor = String(f + 1);
      const floorStart = phase.startIn + f * FLOOR_SHIFT;
      const floorKey = `${p}.${f}`;
      const tasks = phase.tasks.map((description, t): Planned => ({
        key: `${floorKey}.${t}`,
        parentKey: floorKey,
        level: 2,
        position: t,
        code: `${p + 1}.${f + 1}.${t + 1}`,
        description,
        start: floorStart + t * TASK_DAYS,
        end: floorStart + (t + 1) * TASK_DAYS - 1,
        tower,
        floor,
        phase: phase.name,
        cost: 3_800_000 + ((p * 7 + f * 3 + t * 5) % 9) * 650_000,
      }));
      floors.push({
        key: floorKey,
        parentKey: phaseKey,
        level: 1,
        position: f,
        code: `${p + 1}.${f + 1}`,
        description: `Torre ${tower} · Piso ${floor}`,
        start: tasks[0].start,
        end: tasks[tasks.length - 1].end,
        tower,
        floor,
        phase: phase.name,
      });
      plan.push(...tasks);
    }
    plan.push(...floors, {
      key: phaseKey,
      parentKey: null,
      level: 0,
      position: p,
      code: `${p + 1}`,
      description: phase.name,
      start: floors[0].start,
      end: floors[floors.length - 1].end,
      phase: phase.name,
    });
  });

  // What happened: tasks finished (a day or two late, now and then), under way, or not started; parents sum up.
  const leaves = plan.filter((a) => a.level === 2);
  const actual = new Map<string, { start: number | null; end: number | null; progress: number; cost: number | null }>();
  leaves.forEach((a, i) => {
    const late = i % 4 === 0 ? 2 : i % 5 === 0 ? 1 : 0;
    if (a.start > 0) actual.set(a.key, { start: null, end: null, progress: 0, cost: null });
    else if (a.end + late < 0)
      actual.set(a.key, {
        start: a.start,
        end: a.end + late,
        progress: 100,
        cost: Math.round(a.cost! * (0.96 + (i % 5) * 0.03)),
      });
    else {
      const progress = Math.min(95, Math.max(5, Math.round(((-a.start + 1) / (a.end - a.start + 1)) * 20) * 5));
      actual.set(a.key, {
        start: a.start + (i % 3 === 0 ? 1 : 0),
        end: null,
        progress,
        cost: Math.round((a.cost! * progress) / 100),
      });
    }
  });
  for (const level of [1, 0])
    for (const a of plan.filter((x) => x.level === level)) {
      const kids = plan.filter((x) => x.parentKey === a.key);
      const facts = kids.map((k) => actual.get(k.key)!);
      const days = kids.map((k) => k.end - k.start + 1);
      const total = days.reduce((s, d) => s + d, 0);
      const starts = facts.map((f) => f.start).filter((s): s is number => s !== null);
      const done = facts.every((f) => f.progress === 100);
      const spent = facts.reduce((s, f) => s + (f.cost ?? 0), 0);
      a.cost = kids.reduce((s, k) => s + (k.cost ?? 0), 0);
      actual.set(a.key, {
        start: starts.length ? Math.min(...starts) : null,
        end: done ? Math.max(...facts.map((f) => f.end!)) : null,
        progress: Math.round((facts.reduce((s, f, i) => s + f.progress * days[i], 0) / total) * 10) / 10,
        cost: starts.length ? spent : null,
      });
    }

  // Three inserts, one per level, so each knows its parent's id.
  const ids = new Map<string, number>();
  for (const level of [0, 1, 2]) {
    const rows = plan.filter((a) => a.level === level);
    const inserted = await tx
      .insert(qualityActivities)
      .values(
        rows.map((a) => {
          const fact = actual.get(a.key)!;
          return {
            companyId: at.companyId,
            projectId,
            parentId: a.parentKey === null ? null : ids.get(a.parentKey)!,
            code: a.code,
            level: a.level,
            position: a.position,
            description: a.description,
            estimatedStart: iso(a.start),
            estimatedEnd: iso(a.end),
            actualStart: fact.start === null ? null : iso(fact.start),
            actualEnd: fact.end === null ? null : iso(fact.end),
            progress: fact.progress,
            estimatedCost: a.cost ?? null,
            actualCost: fact.cost,
            currency: 'CLP' as const,
          };
        }),
      )
      .returning({ id: qualityActivities.id });
    rows.forEach((a, i) => ids.set(a.key, inserted[i].id));
  }

  await tx.insert(qualityActivityValues).values(
    plan.flatMap((a) => {
      const activityId = ids.get(a.key)!;
      const pairs = [valueOf('Partida', a.phase)];
      if (a.tower) pairs.push(valueOf('Torre', a.tower));
      if (a.floor) pairs.push(valueOf('Piso', a.floor));
      return pairs.map((v) => ({ activityId, ...v }));
    }),
  );

  // Within each floor of obra gruesa the tasks follow each other; each floor's instalaciones wait for its obra
  // gruesa, and its terminaciones for its instalaciones.
  const link = (source: string, target: string) => ({
    companyId: at.companyId,
    projectId,
    sourceId: ids.get(source)!,
    targetId: ids.get(target)!,
    type: 'fs' as const,
  });
  const links = [];
  for (let f = 0; f < FLOORS; f += 1) {
    links.push(link(`0.${f}.0`, `0.${f}.1`), link(`0.${f}.1`, `0.${f}.2`));
    links.push(link(`0.${f}.2`, `1.${f}.0`), link(`1.${f}.2`, `2.${f}.0`));
  }
  await tx.insert(qualityActivityLinks).values(links);
}
