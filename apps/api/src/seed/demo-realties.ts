import { faker } from '@faker-js/faker/locale/cs_CZ';
import { SERVICED_DEAL_STATES, purchasedPropertyRequest, type PurchasedPropertyRequest } from '@lending/contracts';
import type { StaffActor } from '../domain/actor.ts';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { findSandboxLv } from '../integrations/cadastre/index.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import { createLogger } from '../logger.ts';
import { createPurchasedProperty } from '../modules/realties/create-purchased-property.ts';
import { obtainExtract } from '../modules/title-deeds/obtain-extract.ts';
import { syncCadastralLocations } from '../modules/title-deeds/sync-cadastral-locations.ts';
import { watchCollateral } from '../modules/title-deeds/watch-collateral.ts';
import { czechAddress } from './demo-persons.ts';

const DAY = 86_400_000;

/**
 * The collateral side of the demo (issue 25 §4): the codebook of cadastral territories, each
 * demo realty placed in its town's territory, extracts of the title deeds of a few serviced
 * deals' realties ordered through the real order, one watched realty whose extract of six
 * weeks ago predates a distraint — the collateral watch, run as the nightly job runs it, finds
 * the distraint and raises the alert — and purchased properties in each state.
 */
export async function seedRealties(prisma: PrismaClient, input: { now: Date; actor: StaffActor; config: Config; storage: FileStorage }): Promise<void> {
  const { now, actor, config, storage } = input;
  const logger = createLogger('silent');
  const deps = { prisma, config, now: () => now, logger, storage };
  await syncCadastralLocations(deps);
  // Each realty in the first territory of its town (the town's own, the sandbox codebook lists it first).
  await prisma.$executeRaw`
    UPDATE realties r SET cadastral_area_code = c.code, cadastral_area_name = c.name
      FROM (SELECT DISTINCT ON (municipality) municipality, code, name FROM cadastral_locations ORDER BY municipality, code) c
     WHERE r.cadastral_area_code IS NULL AND c.municipality = r.city`;
  if (config.CADASTRE_PROVIDER !== 'sandbox') return;

  const serviced = await prisma.$queryRaw<{ id: number; code: string; lv: string }[]>`
    SELECT DISTINCT ON (r.id) r.id, r.cadastral_area_code AS code, r.lv_number AS lv
      FROM realties r JOIN realty_group_realties gr ON gr.realty_id = r.id JOIN realty_groups g ON g.id = gr.realty_group_id JOIN deals d ON d.id = g.deal_id
     WHERE d.state::text = ANY(${[...SERVICED_DEAL_STATES]}::text[]) AND r.cadastral_area_code IS NOT NULL AND r.type = 'FLAT'
     ORDER BY r.id LIMIT 9`;
  if (!serviced.length) return;

  // The watched flat: its LV becomes one with a distraint that began in the last year (or the
  // latest one before today); its first extract was ordered the day before the distraint began.
  const [watched, ...others] = serviced;
  const today = now.toISOString().slice(0, 10);
  const yearAgo = new Date(now.getTime() - 365 * DAY).toISOString().slice(0, 10);
  const distraintSince = (e: Parameters<Parameters<typeof findSandboxLv>[0]>[0], from: string) =>
    e.encumbrances.find((x) => x.type === 'DISTRAINT' && x.since !== null && x.since >= from && x.since <= today && e.encumbrances.every((y) => y === x || y.since === null || y.since < x.since!));
  const lv = findSandboxLv((e) => distraintSince(e, yearAgo) !== undefined, { territoryCode: watched!.code, asOf: now }) ?? findSandboxLv((e) => distraintSince(e, '2000-01-01') !== undefined, { territoryCode: watched!.code, asOf: now });
  if (lv) {
    const since = distraintSince(lv.extract, '2000-01-01')!.since!;
    await prisma.realty.update({ where: { id: watched!.id }, data: { lvNumber: lv.lvNumber } });
    const before = new Date(Math.min(new Date(`${since}T00:00:00Z`).getTime() - DAY, now.getTime() - 42 * DAY));
    await obtainExtract({ ...deps, now: () => before }, { territoryCode: lv.territoryCode, lvNumber: lv.lvNumber, asOf: before, orderedById: actor.staffId, reuseRecent: false });
  }
  // Extracts staff ordered in the last days for the other flats.
  for (const [i, realty] of others.entries()) {
    const at = new Date(now.getTime() - (i + 1) * DAY);
    await obtainExtract({ ...deps, now: () => at }, { territoryCode: realty.code, lvNumber: realty.lv, asOf: at, orderedById: actor.staffId, reuseRecent: false });
  }
  // The nightly watch within a small budget: the watched flat first (its extract is the oldest).
  await watchCollateral({ ...deps, config: { ...config, CADASTRE_WATCH_BUDGET: 600 } });

  // Purchased properties in each state; the owned ones leased back to their sellers.
  const leasebacks = await prisma.deal.findMany({ where: { type: 'SALE_AND_LEASEBACK', state: { in: [...SERVICED_DEAL_STATES] } }, select: { id: true }, orderBy: { id: 'asc' }, take: 3 });
  const territories = await prisma.cadastralLocation.findMany({ select: { code: true, municipality: true }, orderBy: { code: 'asc' }, take: 400 });
  const states: PurchasedPropertyRequest['state'][] = ['ACQUISITION', 'ACQUISITION', 'OWNERSHIP', 'OWNERSHIP', 'OWNERSHIP', 'SOLD', 'SOLD'];
  for (const [i, state] of states.entries()) {
    const address = czechAddress();
    const territory = territories.find((t) => t.municipality === address.city) ?? territories[i * 37]!;
    const purchasedOn = new Date(now.getTime() - faker.number.int({ min: 200, max: 900 }) * DAY).toISOString().slice(0, 10);
    const price = faker.number.int({ min: 18, max: 65 }) * 100_000;
    await createPurchasedProperty({ prisma }, actor, purchasedPropertyRequest.parse({
      realty: {
        type: i % 3 === 0 ? 'FAMILY_HOUSE' : 'FLAT',
        street: address.street,
        house_number: address.houseNumber,
        zip: address.zip,
        city: address.city,
        cadastral_area_code: territory.code,
        lv_number: String(faker.number.int({ min: 100, max: 4999 })),
        floor_area: String(faker.number.int({ min: 45, max: 180 })),
      },
      deal_id: state === 'OWNERSHIP' ? (leasebacks[i - 2]?.id ?? null) : null,
      state,
      purchase_price: state === 'ACQUISITION' ? undefined : `${price}.00`,
      purchased_on: state === 'ACQUISITION' ? undefined : purchasedOn,
      sale_price: state === 'SOLD' ? `${price + faker.number.int({ min: 1, max: 6 }) * 100_000}.00` : undefined,
      sold_on: state === 'SOLD' ? new Date(now.getTime() - faker.number.int({ min: 10, max: 150 }) * DAY).toISOString().slice(0, 10) : undefined,
      note: state === 'ACQUISITION' ? 'Čeká se na vklad vlastnického práva do katastru.' : null,
    }));
  }
}
