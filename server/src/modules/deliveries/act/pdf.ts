import { asc, eq } from 'drizzle-orm';
import { formatDate, formatNumber } from '#domain/format';
import {
  companies,
  deliveryAccessories,
  deliveryRevisionResults,
  floors,
  projects,
  projectSettings,
  towers,
  unitTypes,
  users,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { fileBytes } from '../../files/service.ts';
import { readingsOf } from '../fichas/details.ts';
import { fullName } from '../../../db/staff.ts';
import { loadFicha, loadUnit, unitPeople } from '../shared/scope.ts';
import { PdfWriter } from '../../../lib/pdf-writer.ts';
import { writePlanPins } from '../../after-sales/service.ts';
import { fichaPlanBoard } from '../fichas/plan.ts';

/**
 * vista-previa-acta: the delivery act, generated on the server with pdf-lib
 * (docs/product.md#delivery-act): company logo, project, unit, owners, readings, accessories,
 * observations and both signatures. Before the delivery it is a preview (marked as such); afterwards
 * it is the signed act.
 */
export async function actPdf(deps: AppDeps, user: SessionUser, t: Translate, unitId: number) {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const [place] = await db
    .select({
      project: projects,
      company: companies,
      settings: projectSettings,
      tower: towers,
      floor: floors,
      type: unitTypes,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, projects.id))
    .leftJoin(towers, eq(towers.id, unit.towerId ?? -1))
    .leftJoin(floors, eq(floors.id, unit.floorId ?? -1))
    .leftJoin(unitTypes, eq(unitTypes.id, unit.unitTypeId ?? -1))
    .where(eq(projects.id, unit.projectId));
  const ficha = await loadFicha(db, unitId);
  const people = await unitPeople(db, unitId);
  const accessories = await db
    .select()
    .from(deliveryAccessories)
    .where(eq(deliveryAccessories.unitId, unitId))
    .orderBy(asc(deliveryAccessories.position));
  const results = await db
    .select()
    .from(deliveryRevisionResults)
    .where(eq(deliveryRevisionResults.unitId, unitId))
    .orderBy(asc(deliveryRevisionResults.id));
  const [rep] = ficha?.representativeId
    ? await db.select().from(users).where(eq(users.id, ficha.representativeId))
    : [];

  const pdf = await PdfWriter.create();
  const logo = await fileBytes(deps, user, place.settings?.logoPath ?? place.company.logoPath);
  await pdf.header(t('deliveries.act.title'), place.company.name, logo);
  const isDelivered = unit.deliveryState !== 'por_entregar';
  if (!isDelivered) pdf.note(t('deliveries.act.preview'));

  pdf.section(t('deliveries.act.property'));
  pdf.pairs([
    [t('deliveries.act.project'), place.project.name],
    [t('deliveries.act.address'), [place.project.address, place.project.commune].filter(Boolean).join(', ')],
    [t('deliveries.act.unit'), unit.number],
    [t('deliveries.act.tower'), place.tower?.name ?? '-'],
    [t('deliveries.act.floor'), place.floor?.name ?? '-'],
    [t('deliveries.act.unit_type'), place.type?.name ?? '-'],
    [t('deliveries.act.delivery_date'), unit.deliveryDate ? formatDate(unit.deliveryDate) : '-'],
    [
      t('deliveries.act.real_estate'),
      [place.project.realEstateName ?? place.company.name, place.settings?.realEstateIdNumber]
        .filter(Boolean)
        .join(' - '),
    ],
  ]);

  pdf.section(t('deliveries.act.owners'));
  pdf.table(
    [t('deliveries.act.name'), t('deliveries.act.role'), t('deliveries.act.mail'), t('deliveries.act.phone')],
    people.map((p) => [`${p.name} ${p.lastName}`.trim(), t(`deliveries.roles.${p.role}`), p.mail ?? '', p.phone ?? '']),
    [0.34, 0.16, 0.32, 0.18],
  );
  if (ficha?.attendees.length) {
    pdf.line(
      `${t('deliveries.act.received_by')}: ${ficha.attendees.map((a) => `${a.name} ${a.lastName} (${t(`deliveries.roles.${a.role}`)})`).join('; ')}`,
    );
  }

  pdf.section(t('deliveries.act.details'));
  const readings = readingsOf(ficha);
  pdf.table(
    [t('deliveries.act.meter'), t('deliveries.act.reading')],
    (['light', 'cold_water', 'hot_water', 'gas', 'heating'] as const).map((k) => [
      t(`deliveries.readings.${k}`),
      readings[k] === null ? '-' : formatNumber(readings[k], { precision: 2 }),
    ]),
    [0.5, 0.5],
  );
  pdf.pairs([
    [t('deliveries.act.parkings'), ficha?.parkings.length ? ficha.parkings.join(', ') : '-'],
    [t('deliveries.act.storages'), ficha?.storages.length ? ficha.storages.join(', ') : '-'],
  ]);

  pdf.section(t('deliveries.act.accessories'));
  if (accessories.length) {
    pdf.table(
      [t('deliveries.act.accessory'), t('deliveries.act.delivered'), t('deliveries.act.quantity')],
      accessories.map((a) => [
        a.name,
        a.isDelivered ? t('deliveries.act.yes') : t('deliveries.act.no'),
        String(a.quantity),
      ]),
      [0.6, 0.2, 0.2],
    );
  } else pdf.line('-');

  const pending = results.filter((r) => r.outcome === 'falla');
  pdf.section(t('deliveries.act.observations'));
  // One item, several items: each count picks its own word (the translator has no plural rules of its own).
  const counted = (key: string, count: number) => t(`${key}_${count === 1 ? 'one' : 'other'}`, { count });
  pdf.line(
    t('deliveries.act.revision_summary', {
      items: counted('deliveries.act.revision_items', results.length),
      failures: counted('deliveries.act.revision_failures', pending.length),
    }),
  );
  for (const r of pending)
    pdf.line(`- ${r.placeName} / ${r.itemName}: ${r.failureName ?? ''}${r.observation ? ` (${r.observation})` : ''}`);
  if (ficha?.detailsObservations) pdf.line(ficha.detailsObservations);
  if (ficha?.receiverComment) pdf.line(`${t('deliveries.act.receiver_comment')}: ${ficha.receiverComment}`);
  if (ficha?.actObservations) pdf.line(ficha.actObservations);
  // docs/product.md#defects-on-plans: the unit type's plan with the unit's failures pinned on it.
  await writePlanPins(pdf, deps, user, t, unit, (await fichaPlanBoard(deps, user, unitId, false)).failures);

  const ownerName = ficha?.attendees[0]
    ? `${ficha.attendees[0].name} ${ficha.attendees[0].lastName}`
    : people[0]
      ? `${people[0].name} ${people[0].lastName}`
      : '';
  await pdf.signatures([
    {
      label: t('deliveries.act.owner_signature'),
      name: ownerName,
      image: await fileBytes(deps, user, ficha?.ownerSignaturePath),
    },
    {
      label: t('deliveries.act.company_signature'),
      name: rep ? fullName(rep) : (place.settings?.legalRepresentative ?? ''),
      image: await fileBytes(deps, user, rep?.signaturePath),
    },
  ]);
  pdf.footer(t('deliveries.act.footer', { date: formatDate(new Date().toISOString()) }));
  const bytes = await pdf.save();
  return { bytes, filename: `acta-entrega-${unit.number.replace(/[^\w-]+/g, '_')}.pdf` };
}
