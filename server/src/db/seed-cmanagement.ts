import type { CmFieldOption } from '#domain/cmanagement';
import type { Tx } from './client.ts';
import { cmCategories, cmCustomFields, cmTaskTemplates } from './schema/index.ts';
import { seedCmanagementTickets } from './seed-cmanagement-tickets.ts';

type FieldSeed = Omit<typeof cmCustomFields.$inferInsert, 'companyId' | 'categoryId' | 'position'>;

const options = (prefix: string, names: string[]): CmFieldOption[] =>
  names.map((name, i) => ({ id: `${prefix}${i + 1}`, name, disabled: false }));

/** The demo's Cmanagement configuration (config/cmanagement): categories with custom fields of several types. */
const CATEGORIES: { name: string; fields: FieldSeed[] }[] = [
  {
    name: 'Incidencia de obra',
    fields: [
      {
        type: 'select',
        name: 'Especialidad',
        options: options('esp', ['Obra gruesa', 'Terminaciones', 'Instalaciones sanitarias', 'Electricidad']),
        required: true,
      },
      { type: 'select', name: 'Gravedad', options: options('grav', ['Leve', 'Moderada', 'Grave']) },
      { type: 'text', name: 'Ubicación', description: 'Piso, eje o recinto donde se observa' },
      { type: 'checkbox', name: 'Requiere detener faena' },
      { type: 'user', name: 'Responsable de la partida' },
    ],
  },
  {
    name: 'Coordinación',
    fields: [
      {
        type: 'multi_select',
        name: 'Especialidades involucradas',
        options: options('coord', ['Arquitectura', 'Estructura', 'Clima', 'Sanitario', 'Eléctrico']),
      },
      { type: 'date', name: 'Fecha de reunión' },
      { type: 'long_text', name: 'Acuerdos' },
    ],
  },
  {
    name: 'Solicitud de material',
    fields: [
      { type: 'text', name: 'Material', required: true },
      { type: 'number', name: 'Cantidad', required: true },
      { type: 'select', name: 'Unidad', options: options('uni', ['m³', 'm²', 'kg', 'unidades']) },
      { type: 'date', name: 'Fecha requerida en obra' },
      { type: 'file', name: 'Cotización' },
    ],
  },
];

/** A site issue's usual plan, applied to each new "Incidencia de obra" ticket (server/src/modules/cmanagement/tasks/templates.ts). */
const INCIDENT_PLAN = [
  { name: 'Inspección en terreno', startOffsetDays: 0, durationDays: 2 },
  { name: 'Reparación', startOffsetDays: 2, durationDays: 5 },
  { name: 'Recepción de la reparación', startOffsetDays: 7, durationDays: 1 },
];

/**
 * Cmanagement demo for the demo company: three categories with custom fields of several types, the task templates of
 * the first, and a week's worth of work tickets (seed-cmanagement-tickets.ts), in batched inserts (the seed runs in
 * every test context; the module's tests filter to the records they write).
 */
export async function seedCmanagement(tx: Tx, input: { companyId: number; projectIds: number[]; now: Date }) {
  const { companyId } = input;
  const categories = await tx
    .insert(cmCategories)
    .values(CATEGORIES.map((c) => ({ companyId, name: c.name })))
    .returning();
  const fields = await tx
    .insert(cmCustomFields)
    .values(
      CATEGORIES.flatMap((c, i) =>
        c.fields.map((f, position) => ({ ...f, companyId, categoryId: categories[i].id, position })),
      ),
    )
    .returning();
  const [inspection, repair, reception] = await tx
    .insert(cmTaskTemplates)
    .values(INCIDENT_PLAN.map((t, position) => ({ ...t, companyId, categoryId: categories[0].id, position })))
    .returning();
  await tx.insert(cmTaskTemplates).values([
    {
      companyId,
      categoryId: categories[0].id,
      parentId: repair.id,
      name: 'Retiro de material dañado',
      startOffsetDays: 2,
      durationDays: 1,
      position: 3,
    },
    {
      companyId,
      categoryId: categories[0].id,
      parentId: repair.id,
      name: 'Ejecución',
      startOffsetDays: 3,
      durationDays: 4,
      position: 4,
    },
    {
      companyId,
      categoryId: categories[0].id,
      parentId: inspection.id,
      name: 'Registro fotográfico',
      startOffsetDays: 0,
      durationDays: 1,
      position: 5,
    },
  ]);
  await seedCmanagementTickets(tx, { ...input, categories, fields });
  return { categoryIds: categories.map((c) => c.id), templateIds: [inspection.id, repair.id, reception.id] };
}
