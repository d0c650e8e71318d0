import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from './client.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  owners,
  projects,
  projectSettings,
  unitOwners,
  units,
  unitTypes,
  users,
  warrantyTerms,
} from './schema/index.ts';
import { chileWarrantyTerms, demoCatalogue } from './seed-after-sales-data.ts';
import { seedAfterSalesTickets, type CatalogueEntry } from './seed-after-sales-tickets.ts';

const day = 86_400_000;

/**
 * After-sales demo data: the catalogue of every demo unit type, Chile's warranty terms,
 * the post-sale configuration of every project, owners for the units that get tickets, and ~80
 * tickets in every state with failures, OI/OT in the coming two weeks, messages and ACs.
 */
export async function seedAfterSales(tx: Tx, input: { companyId: number; projectIds: number[]; now: Date }) {
  const { companyId, projectIds, now } = input;
  const catalogue = await seedCatalogue(tx, companyId);
  await tx
    .insert(warrantyTerms)
    .values(
      Object.entries(chileWarrantyTerms).map(([category, years]) => ({ companyId, country: 'CL', category, years })),
    );
  const projectRows = await tx.select().from(projects).where(inArray(projects.id, projectIds));
  await tx.insert(projectSettings).values(
    projectRows.map((p, i) => ({
      projectId: p.id,
      companyId,
      realEstateIdNumber: '76.543.210-3',
      legalRepresentative: 'Andrés Valdivia Montt',
      legalRepresentativeIdNumber: '12.345.678-5',
      taxIds: ['76.543.210-3'],
      contacts: [
        {
          name: 'Rodrigo Sepúlveda Lagos',
          role: 'Jefe de postventa',
          email: 'postventa@cordillera.cl',
          phone: '+56 2 2345 6789',
        },
        { name: 'Mesa de ayuda', role: 'Atención a propietarios', email: 'ayuda@cordillera.cl', phone: '600 600 1234' },
      ],
      responseTimeHours: [48, 24, 72][i % 3],
      responseAction: 'notificar_supervisor',
      ownerConfirmationLimitHours: 24,
      notificationMessage: `Estimado propietario: le informamos el estado de su solicitud en ${p.name}. Ante cualquier duda escríbanos a postventa@cordillera.cl.`,
      iframe:
        i === 0
          ? { enabled: true, allowedOrigins: ['https://www.inmobiliariacordillera.cl'] }
          : { enabled: false, allowedOrigins: [] },
    })),
  );
  const ownedUnits = await ensureOwners(tx, companyId, projectIds, now);
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')));
  const userId = (username: string) => staff.find((u) => u.username === username)!.id;
  await seedAfterSalesTickets(tx, {
    companyId,
    now,
    projects: projectRows,
    catalogue,
    units: ownedUnits,
    people: {
      admin: userId('admin'),
      supervisor: userId('supervisor'),
      agente: userId('agente'),
      inspector: userId('inspector'),
    },
  });
}

/** The same catalogue for every demo unit type, one insert per level. */
async function seedCatalogue(tx: Tx, companyId: number): Promise<CatalogueEntry[]> {
  const types = await tx.select().from(unitTypes).where(eq(unitTypes.companyId, companyId)).orderBy(asc(unitTypes.id));
  const areaKeys = types.flatMap((type) => demoCatalogue.map((area, a) => ({ type, area, a })));
  const areaRows = await tx
    .insert(catalogueAreas)
    .values(areaKeys.map(({ type, area, a }) => ({ companyId, unitTypeId: type.id, name: area.name, position: a })))
    .returning();
  const placeKeys = areaKeys.flatMap((k, n) =>
    k.area.places.map((place, p) => ({ ...k, areaId: areaRows[n].id, place, p })),
  );
  const placeRows = await tx
    .insert(cataloguePlaces)
    .values(placeKeys.map((k) => ({ companyId, areaId: k.areaId, name: k.place.name, position: k.p })))
    .returning();
  const itemKeys = placeKeys.flatMap((k, n) =>
    k.place.items.map((item, i) => ({ ...k, placeId: placeRows[n].id, item, i })),
  );
  const itemRows = await tx
    .insert(catalogueItems)
    .values(
      itemKeys.map((k) => ({
        companyId,
        placeId: k.placeId,
        name: k.item.name,
        category: k.item.category,
        position: k.i,
      })),
    )
    .returning();
  const typeKeys = itemKeys.flatMap((k, n) =>
    k.item.failures.map(([name, severity], f) => ({ ...k, itemId: itemRows[n].id, name, severity, f })),
  );
  const typeRows = await tx
    .insert(catalogueFailureTypes)
    .values(typeKeys.map((k) => ({ companyId, itemId: k.itemId, name: k.name, severity: k.severity, position: k.f })))
    .returning();
  return typeKeys.map((k, n) => ({
    unitTypeId: k.type.id,
    placeId: k.placeId,
    placeName: k.place.name,
    itemId: k.itemId,
    itemName: k.item.name,
    category: k.item.category,
    typeId: typeRows[n].id,
    typeName: k.name,
    severity: k.severity,
  }));
}

const ownerPool = [
  ['Constanza', 'Bustos Lira'],
  ['Felipe', 'Aravena Soto'],
  ['Daniela', 'Paredes Fuentes'],
  ['Sebastián', 'Montenegro Ríos'],
  ['Camila', 'Saavedra Orellana'],
  ['Nicolás', 'Fernández Vera'],
  ['Valeria', 'Sandoval Muñoz'],
  ['Joaquín', 'Lagos Troncoso'],
];

/** Units that get tickets need an owner: the first project has them; the first dozen units of the others get one. */
async function ensureOwners(tx: Tx, companyId: number, projectIds: number[], now: Date) {
  for (const projectId of projectIds.slice(1)) {
    const free = await tx
      .select({ id: units.id })
      .from(units)
      .leftJoin(unitOwners, eq(unitOwners.unitId, units.id))
      .where(and(eq(units.projectId, projectId), isNull(unitOwners.unitId)))
      .orderBy(asc(units.id))
      .limit(12);
    if (!free.length) continue;
    const created = await tx
      .insert(owners)
      .values(
        free.map((_, k) => {
          const [first, last] = ownerPool[(k + projectId) % ownerPool.length];
          return {
            companyId,
            name: first,
            lastName: last,
            phone: `+56 9 ${6100 + k * 13} ${2200 + projectId * 7}`,
            mail: `${first.toLowerCase()}.${last.split(' ')[0].toLowerCase()}.${projectId}${k}@correo.cl`
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, ''),
            createdAt: new Date(now.getTime() - 200 * day),
          };
        }),
      )
      .returning();
    await tx.insert(unitOwners).values(
      free.map((unit, k) => ({
        unitId: unit.id,
        ownerId: created[k].id,
        companyId,
        role: k % 5 === 4 ? ('receptor' as const) : ('propietario' as const),
      })),
    );
  }
  return tx
    .select({ unit: units, ownerId: unitOwners.ownerId, ownerUserId: owners.userId })
    .from(units)
    .innerJoin(unitOwners, eq(unitOwners.unitId, units.id))
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(units.companyId, companyId), inArray(units.projectId, projectIds)))
    .orderBy(asc(units.projectId), asc(units.id));
}
