import { DEFAULT_CONCRETE_ELEMENTS } from '#domain/concrete';
import type { Tx } from './client.ts';
import { concreteCompanies, concreteElements, concreteLaboratories, concreteTypes } from './schema/index.ts';

/**
 * The demo company's concrete configuration (config/hormigon; domain/concrete.ts): the default elements, two
 * laboratories, three concrete companies (one not homologated yet) and five types — a lean G17 that is not
 * structural, the G25, G30 and G35 of slabs, walls and foundations, and a G20 no longer used (inactive). No settings
 * row: the company runs on CONCRETE_SETTINGS_DEFAULTS until it saves its own. Four inserts.
 */
export async function seedConcrete(tx: Tx, input: { companyId: number; now: Date }) {
  const { companyId, now } = input;
  const at = { companyId, createdAt: now, updatedAt: now };
  await tx
    .insert(concreteElements)
    .values(DEFAULT_CONCRETE_ELEMENTS.map((name, position) => ({ ...at, name, position })));
  await tx.insert(concreteLaboratories).values([
    {
      ...at,
      name: 'Laboratorio de Ensayos del Sur',
      rut: '76123450-1',
      email: 'muestras@ensayosdelsur.cl',
      phone: '+56 2 2345 6789',
    },
    { ...at, name: 'Control Técnico Andino', rut: '77987650-0', email: 'laboratorio@ctandino.cl', phone: null },
  ]);
  await tx.insert(concreteCompanies).values([
    { ...at, name: 'Hormigones del Pacífico', rut: '96543210-8', homologated: true },
    { ...at, name: 'Premix Cordillera', rut: '76555120-K', homologated: true },
    { ...at, name: 'Áridos y Hormigones Maule', rut: '78011230-1', homologated: false },
  ]);
  await tx.insert(concreteTypes).values([
    {
      ...at,
      grade: 'G17',
      confidence: 90,
      aggregateMm: 20,
      slumpCm: 10,
      structural: false,
      description: 'Emplantillados y rellenos',
    },
    {
      ...at,
      grade: 'G25',
      confidence: 90,
      aggregateMm: 20,
      slumpCm: 10,
      structural: true,
      description: 'Losas y vigas',
    },
    {
      ...at,
      grade: 'G30',
      confidence: 90,
      aggregateMm: 20,
      slumpCm: 12,
      structural: true,
      description: 'Muros y pilares',
    },
    { ...at, grade: 'G35', confidence: 95, aggregateMm: 20, slumpCm: 12, structural: true, description: 'Fundaciones' },
    {
      ...at,
      grade: 'G20',
      confidence: 90,
      aggregateMm: 40,
      slumpCm: 8,
      structural: true,
      description: 'Radieres (reemplazado por G25)',
      active: false,
    },
  ]);
}
