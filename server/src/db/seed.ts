import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  companies,
  floors,
  moduleStatus,
  integrations,
  owners,
  positions,
  profiles,
  projectGroups,
  projects,
  tasks,
  towers,
  unitOwners,
  unitTypes,
  units,
  userProjects,
  users,
} from './schema/index.ts';
import { hashPassword } from '../auth/password.ts';
import { seedAfterSales } from './seed-after-sales.ts';
import { seedDeliveries } from './seed-deliveries.ts';
import { seedCmanagement } from './seed-cmanagement.ts';
import { seedQuality } from './seed-quality.ts';
import { seedQualityModels } from './seed-quality-models.ts';
import { seedConcrete } from './seed-concrete.ts';
import { seedConcretePlacements } from './seed-concrete-placements.ts';
import { seedVerifications } from './seed-verifications.ts';
import { seedBilling } from './seed-billing.ts';
import { seedInsights } from './seed-insights.ts';
import {
  DEMO_PASSWORD,
  demoCompany,
  demoGroups,
  demoProjects,
  demoRoles,
  demoUnitTypes,
  otherCompany,
  ownerNames,
  roleProjects,
} from './seed-data.ts';

export type SeedResult = { companyId: number; otherCompanyId: number; projectIds: number[]; otherProjectIds: number[] };

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  return row.n === 0;
}

/** Deletes every tenant (cascades to all company data) before a fresh seed. */
export async function resetData(db: Db): Promise<void> {
  await db.execute(sql`truncate table companies restart identity cascade`);
  await db.execute(sql`truncate table outbox, mail_outbox, auth_throttle restart identity`);
}

const day = 86_400_000;

export async function seedDemo(db: Db, now = new Date()): Promise<SeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values(demoCompany).returning();
    const groups = await tx
      .insert(projectGroups)
      .values(demoGroups.map((name) => ({ companyId: company.id, name })))
      .returning();
    const types = await tx
      .insert(unitTypes)
      .values(demoUnitTypes.map((t) => ({ ...t, companyId: company.id })))
      .returning();
    await tx.insert(moduleStatus).values(
      ['entregas', 'postventa', 'calidad', 'hormigon', 'biblioteca', 'cmanagement', 'recepciones'].map((module) => ({
        companyId: company.id,
        module,
        status: 'activo' as const,
      })),
    );
    // The provider has set up the demo's integrations: the calendar feeds run, the CRM and the platform wait to be
    // configured and activated (docs/product.md §4 requested → in process → active).
    await tx.insert(integrations).values([
      { companyId: company.id, kind: 'calendario' as const, state: 'activa' as const },
      { companyId: company.id, kind: 'hubspot' as const, state: 'en_proceso' as const },
      { companyId: company.id, kind: 'procore' as const, state: 'en_proceso' as const },
    ]);

    const projectRows: (typeof projects.$inferSelect)[] = [];
    const unitIds: number[][] = [];
    for (const [i, p] of demoProjects.entries()) {
      const [project] = await tx
        .insert(projects)
        .values({
          companyId: company.id,
          groupId: groups[p.group].id,
          name: p.name,
          code: p.code,
          address: p.address,
          commune: p.commune,
          city: p.city,
          region: p.region,
          municipalReceptionDate: p.reception,
          realEstateName: demoCompany.name,
          warrantyName: `Garantía ${p.code}`,
          isClosed: p.isClosed ?? false,
          isBlocked: p.isBlocked ?? false,
          createdAt: new Date(now.getTime() - (400 - i * 50) * day),
        })
        .returning();
      projectRows.push(project);
      const ids: number[] = [];
      for (let t = 0; t < p.towers; t++) {
        const [tower] = await tx
          .insert(towers)
          .values({ companyId: company.id, projectId: project.id, name: `Torre ${String.fromCharCode(65 + t)}` })
          .returning();
        const floorRows = await tx
          .insert(floors)
          .values(
            Array.from({ length: p.floors }, (_, f) => ({
              companyId: company.id,
              towerId: tower.id,
              number: f + 1,
              name: `Piso ${f + 1}`,
            })),
          )
          .returning();
        const unitValues = floorRows.flatMap((floor) =>
          Array.from({ length: p.perFloor }, (_, u): typeof units.$inferInsert => {
            const delivered = p.isClosed || (i === 0 && floor.number <= 4);
            return {
              companyId: company.id,
              projectId: project.id,
              towerId: tower.id,
              floorId: floor.id,
              unitTypeId: types[(u + floor.number) % (floor.number === p.floors ? 4 : 3)].id,
              number: `${floor.number}${String(u + 1).padStart(2, '0')}${p.towers > 1 ? `-${String.fromCharCode(65 + t)}` : ''}`,
              deliveryState: delivered ? (u % 3 === 0 ? 'entregada_obs' : 'entregada') : 'por_entregar',
              deliveryDate: delivered ? new Date(now.getTime() - (60 + u) * day).toISOString().slice(0, 10) : null,
            };
          }),
        );
        const inserted = await tx.insert(units).values(unitValues).returning({ id: units.id });
        ids.push(...inserted.map((r) => r.id));
      }
      unitIds.push(ids);
    }

    const positionRows = await tx
      .insert(positions)
      .values([...new Set(demoRoles.map((r) => r.position))].map((name) => ({ companyId: company.id, name })))
      .returning();
    const colors = ['#1E88E5', '#8E24AA', '#43A047', '#F4511E', '#00897B', '#6D4C41', '#3949AB'];
    for (const [i, role] of demoRoles.entries()) {
      const [profile] = await tx
        .insert(profiles)
        .values({
          companyId: company.id,
          name: role.profile,
          permissions: role.permissions,
          modules: role.permissions.filter((p) => p.startsWith('modulo_') || p.endsWith('-access')),
          groups: [role.username === 'admin' ? 'administracion' : role.profile === 'RyR' ? 'ryr' : 'operaciones'],
        })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          username: role.username,
          firstName: role.firstName,
          lastName: role.lastName,
          email: `${role.username}@cordillera.cl`,
          emailVerifiedAt: now,
          passwordHash,
          profileId: profile.id,
          positionId: positionRows.find((p) => p.name === role.position)!.id,
          color: colors[i % colors.length],
          // No language chosen yet: the app follows the browser until the user picks one (it then applies on every sign-in).
          locale: null,
        })
        .returning();
      const assigned = roleProjects[role.username];
      if (assigned)
        await tx
          .insert(userProjects)
          .values(assigned.map((idx) => ({ userId: user.id, projectId: projectRows[idx].id, companyId: company.id })));
      await tx.insert(tasks).values([
        {
          companyId: company.id,
          userId: user.id,
          projectId: projectRows[0].id,
          title: 'Revisar solicitudes atrasadas de Torre A',
          kind: 'postventa',
          link: '/warranties/solicitudes',
          dueAt: new Date(now.getTime() + 1 * day),
        },
        {
          companyId: company.id,
          userId: user.id,
          projectId: projectRows[1].id,
          title: 'Coordinar entrega de unidades piso 3',
          kind: 'entregas',
          link: '/warranties/fichas',
          dueAt: new Date(now.getTime() + 4 * day),
        },
        {
          companyId: company.id,
          userId: user.id,
          projectId: projectRows[2].id,
          title: 'Preparar informe mensual de calidad',
          kind: 'calidad',
          link: '/quality',
          dueAt: new Date(now.getTime() + 15 * day),
        },
      ]);
    }

    // Owners: two per unit for the first 40 units of the first project; a few can sign in to the portal.
    const ownerRows: (typeof owners.$inferSelect)[] = [];
    for (let k = 0; k < 40; k++) {
      const [first, last] = ownerNames[k % ownerNames.length];
      const hasAccount = k < 3;
      const [account] = hasAccount
        ? await tx
            .insert(users)
            .values({
              companyId: company.id,
              kind: 'owner',
              username: k === 0 ? 'propietario' : `propietario${k + 1}`,
              firstName: first,
              lastName: last,
              email: `${k === 0 ? 'propietario' : `propietario${k + 1}`}@correo.cl`,
              emailVerifiedAt: k === 2 ? null : now,
              passwordHash,
              locale: 'es',
            })
            .returning()
        : [undefined];
      const [owner] = await tx
        .insert(owners)
        .values({
          companyId: company.id,
          userId: account?.id ?? null,
          name: first,
          lastName: last,
          mail: `${first.toLowerCase()}.${last.split(' ')[0].toLowerCase()}${k}@correo.cl`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
          phone: `+56 9 ${String(51234567 + k * 7919).slice(0, 4)} ${String(10000 + k * 37).slice(0, 4)}`,
        })
        .returning();
      ownerRows.push(owner);
      await tx
        .insert(unitOwners)
        .values({ unitId: unitIds[0][k], ownerId: owner.id, companyId: company.id, role: 'propietario' });
    }

    const [other] = await tx.insert(companies).values(otherCompany).returning();
    const [otherProject] = await tx
      .insert(projects)
      .values({
        companyId: other.id,
        name: 'Edificio Costanera Sur',
        code: 'ECS',
        address: 'Av. Costanera 2200',
        commune: 'Puerto Montt',
        city: 'Puerto Montt',
        region: 'Los Lagos',
      })
      .returning();
    const [otherProfile] = await tx
      .insert(profiles)
      .values({ companyId: other.id, name: 'Administrador', permissions: [...demoRoles[0].permissions] })
      .returning();
    await tx.insert(users).values({
      companyId: other.id,
      username: 'otra',
      firstName: 'Diego',
      lastName: 'Ramírez Soto',
      email: 'otra@austral.cl',
      emailVerifiedAt: now,
      passwordHash,
      profileId: otherProfile.id,
    });
    const [otherTower] = await tx
      .insert(towers)
      .values({ companyId: other.id, projectId: otherProject.id, name: 'Torre Única' })
      .returning();
    await tx.insert(units).values(
      Array.from({ length: 8 }, (_, n) => ({
        companyId: other.id,
        projectId: otherProject.id,
        towerId: otherTower.id,
        number: `${100 + n + 1}`,
      })),
    );

    await seedAfterSales(tx, { companyId: company.id, projectIds: projectRows.map((p) => p.id), now });
    await seedDeliveries(tx, { companyId: company.id, projectIds: projectRows.map((p) => p.id), now });
    await seedCmanagement(tx, { companyId: company.id, projectIds: projectRows.map((p) => p.id), now });
    await seedQuality(tx, { companyId: company.id, projectIds: projectRows.map((p) => p.id), now });
    const { modelId } = await seedQualityModels(tx, { companyId: company.id, projectId: projectRows[0].id, now });
    await seedConcrete(tx, { companyId: company.id, now });
    await seedConcretePlacements(tx, { companyId: company.id, projectId: projectRows[0].id, modelId, now });
    await seedVerifications(tx, { companyId: company.id, projectId: projectRows[0].id, now });
    await seedBilling(tx, { companyId: company.id, otherCompanyId: other.id, now });
    const projectIds = projectRows.map((p) => p.id);
    await seedInsights(tx, { companyId: company.id, otherCompanyId: other.id, projectIds, now });

    return {
      companyId: company.id,
      otherCompanyId: other.id,
      projectIds: projectRows.map((p) => p.id),
      otherProjectIds: [otherProject.id],
    };
  });
}
