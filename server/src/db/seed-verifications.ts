import type { Tx } from './client.ts';
import { receptions, receptionTemplates, type StoredCheckpoint } from './schema/index.ts';

const DAY = 86_400_000;

const slabCheckpoints: StoredCheckpoint[] = [
  {
    title: 'Enfierradura según plano',
    guidance: 'Diámetros, espaciamientos y traslapos según el plano de cálculo',
    evidence: 'foto',
  },
  {
    title: 'Recubrimientos y separadores',
    guidance: 'Separadores cada 1 m como máximo; recubrimiento mínimo de 2 cm',
    evidence: 'foto_y_observacion',
  },
  { title: 'Moldajes aplomados y estancos', guidance: null, evidence: 'observacion' },
  {
    title: 'Instalaciones embutidas revisadas',
    guidance: 'Ductos eléctricos y sanitarios fijados y tapados antes del hormigonado',
    evidence: 'foto',
  },
  { title: 'Limpieza antes del hormigonado', guidance: null, evidence: 'ninguna' },
  {
    title: 'Cotas de nivel',
    guidance: 'Nivel de losa terminada según el plano de arquitectura',
    evidence: 'observacion',
  },
];

const finishesCheckpoints: StoredCheckpoint[] = [
  { title: 'Muros y cielos sin fisuras ni manchas', guidance: null, evidence: 'foto' },
  { title: 'Pavimentos nivelados y sin piezas sueltas', guidance: 'Revisar con regla de 2 m', evidence: 'foto' },
  { title: 'Puertas y ventanas operan y cierran bien', guidance: null, evidence: 'ninguna' },
  {
    title: 'Artefactos sanitarios sin filtraciones',
    guidance: 'Llenar y vaciar cada artefacto; revisar sifones y llaves de paso',
    evidence: 'foto_y_observacion',
  },
  { title: 'Enchufes e interruptores funcionando', guidance: null, evidence: 'ninguna' },
  { title: 'Pintura uniforme y limpieza final', guidance: null, evidence: 'observacion' },
];

/**
 * The demo company's reception templates (config/recepciones) and the verification program of the demo project
 * "Edificio Parque Los Dominicos": a slab template and an apartment-finishes one, and twelve programmed receptions
 * from four weeks ago to four weeks ahead (the slabs of Torre B rising, the finishes of Torre A), planned relative to
 * `now` so the Gantt always shows them. None started: the inspections are the demo's to perform. Three inserts.
 */
export async function seedVerifications(tx: Tx, input: { companyId: number; projectId: number; now: Date }) {
  const { companyId, projectId, now } = input;
  const at = { companyId, createdAt: now, updatedAt: now };
  const [slab, finishes] = await tx
    .insert(receptionTemplates)
    .values([
      { ...at, name: 'Obra gruesa — losa', workPackage: 'Obra gruesa', checkpoints: slabCheckpoints },
      { ...at, name: 'Terminaciones — departamento', workPackage: 'Terminaciones', checkpoints: finishesCheckpoints },
    ])
    .returning({ id: receptionTemplates.id });
  const dayOf = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  // [start offset in days, length in days]
  const slabs: [number, number][] = [
    [-27, 2],
    [-20, 2],
    [-13, 2],
    [3, 2],
    [10, 2],
    [17, 2],
  ];
  const apartments: [number, number][] = [
    [-24, 1],
    [-17, 1],
    [-6, 1],
    [1, 1],
    [8, 1],
    [24, 2],
  ];
  const rows = [
    ...slabs.map(([start, days], i) => ({
      code: `OG-B${String(i + 7).padStart(2, '0')}`,
      name: `Losa piso ${i + 7} Torre B`,
      workPackage: 'Obra gruesa',
      location: `Torre B · piso ${i + 7}`,
      contractor: 'Constructora Andes Ltda.',
      templateId: slab.id,
      start,
      days,
    })),
    ...apartments.map(([start, days], i) => ({
      code: `TR-A${(i + 2) * 100 + 1}`,
      name: `Departamento ${(i + 2) * 100 + 1} Torre A`,
      workPackage: 'Terminaciones',
      location: `Torre A · piso ${i + 2}`,
      contractor: 'Terminaciones del Sur SpA',
      templateId: finishes.id,
      start,
      days,
    })),
  ].sort((a, b) => a.start - b.start);
  await tx.insert(receptions).values(
    rows.map(({ start, days, ...r }) => ({
      ...at,
      ...r,
      projectId,
      state: 'programada' as const,
      plannedStart: dayOf(start),
      plannedEnd: dayOf(start + days),
    })),
  );
}
