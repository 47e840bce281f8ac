import { randomUUID } from 'node:crypto';
import { realtyMessages, type TitleDeedExtract } from '@lending/contracts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { foldForSearch } from '../../integrations/address/normalize.ts';
import { cadastreFor } from '../../integrations/cadastre/index.ts';
import { parseExtract } from '../../integrations/cadastre/parse-extract.ts';
import { storageFor, type FileStorage } from '../../integrations/storage/index.ts';
import { askCadastre } from './cadastre-errors.ts';

/** An order of the same LV within this long answers the extract already ordered (a retry, a double click). */
export const REORDER_WINDOW_MS = 10 * 60_000;

export interface ObtainedExtract {
  titleDeedId: number;
  /** False when a recent extract of the LV was answered instead of ordering another. */
  ordered: boolean;
}

/**
 * Orders a title deed's extract from the cadastre and keeps it (SERVICING.md §10): the PDF and
 * the XML stored as received, the data parsed into owners, parcels, buildings, units and
 * encumbrances, the realties on that LV pointed at it, and the owners the lender knows (by birth
 * number or company id) given their rights. One order per LV at a time: the LV is claimed by a
 * pending row under an advisory lock, so two staff or a retry never pay twice; an extract of
 * the LV ordered in the last ten minutes is answered instead (`ordered: false`).
 */
export async function obtainExtract(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'> & { storage?: FileStorage },
  input: { territoryCode: string; lvNumber: string; externalId?: string; asOf?: Date; orderedById: number | null; reuseRecent: boolean },
): Promise<ObtainedExtract> {
  const { territoryCode, lvNumber } = input;
  const claim = await deps.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('title-deed'), hashtext(${`${territoryCode}/${lvNumber}`}))`;
    const since = new Date(deps.now().getTime() - REORDER_WINDOW_MS);
    if (input.reuseRecent) {
      const recent = await tx.titleDeed.findFirst({ where: { cadastralLocationCode: territoryCode, lvNumber, downloadedAt: { gte: since } }, orderBy: { downloadedAt: 'desc' }, select: { id: true } });
      if (recent) return { recent: recent.id };
    }
    // A pending row younger than the window is an order in flight; an older one was abandoned.
    const pending = await tx.titleDeed.findFirst({ where: { cadastralLocationCode: territoryCode, lvNumber, downloadedAt: null }, select: { id: true, createdAt: true } });
    if (pending && pending.createdAt >= since) throw conflict(realtyMessages.orderInFlight);
    if (pending) await tx.titleDeed.delete({ where: { id: pending.id } });
    const location = await tx.cadastralLocation.findUnique({ where: { code: territoryCode }, select: { id: true } });
    const row = await tx.titleDeed.create({
      data: { cadastralNumber: territoryCode, cadastralLocationCode: territoryCode, cadastralLocationId: location?.id ?? null, lvNumber, code: lvNumber, externalId: input.externalId ?? null, orderedById: input.orderedById, provider: cadastreFor(deps).name },
      select: { id: true },
    });
    return { pending: row.id };
  });
  if ('recent' in claim) return { titleDeedId: claim.recent!, ordered: false };
  const id = claim.pending;
  try {
    const extract = await askCadastre(() => cadastreFor(deps).order({ territoryCode, lvNumber, externalId: input.externalId, asOf: input.asOf }));
    const data = await askCadastre(async () => parseExtract(extract.xml));
    const storage = deps.storage ?? storageFor(deps);
    const base = `title-deeds/${territoryCode}/${lvNumber}/${id}-${randomUUID()}`;
    await storage.put(`${base}.pdf`, extract.pdf, { contentType: 'application/pdf' });
    await storage.put(`${base}.xml`, extract.xml, { contentType: 'application/xml' });
    await deps.prisma.$transaction(async (tx) => {
      await tx.titleDeed.update({
        where: { id },
        data: {
          externalId: extract.externalId,
          price: extract.price,
          fileKey: `${base}.pdf`,
          dataKey: `${base}.xml`,
          data: data as unknown as Prisma.InputJsonObject,
          asOf: extract.asOf,
          searchText: searchTextOf(data),
          downloadedAt: deps.now(),
        },
      });
      await linkExtract(tx, id, data);
    });
    return { titleDeedId: id, ordered: true };
  } catch (error) {
    await deps.prisma.titleDeed.deleteMany({ where: { id, downloadedAt: null } });
    throw error;
  }
}

/** Territory, LV, owners and parcels, folded for the list's search. */
function searchTextOf(data: TitleDeedExtract): string {
  return foldForSearch([data.cadastral_location_name, `lv ${data.lv_number}`, ...data.owners.map((o) => o.name), ...data.parcels.map((p) => p.number)].join(' '));
}

/**
 * Points the realties on the LV at their newest extract, and gives the owners it names whom the
 * lender knows (birth number, company id) their rights to those realties — replacing what an
 * earlier extract gave them, so a sold share disappears.
 */
async function linkExtract(tx: Prisma.TransactionClient, titleDeedId: number, data: TitleDeedExtract): Promise<void> {
  const code = data.cadastral_location_code;
  const lv = data.lv_number;
  await tx.$executeRaw`UPDATE realties SET title_deed_id = ${titleDeedId}, updated_at = now() WHERE cadastral_area_code = ${code} AND lv_number = ${lv}`;
  const realtyIds = (await tx.realty.findMany({ where: { cadastralAreaCode: code, lvNumber: lv }, select: { id: true } })).map((r) => r.id);
  const birthNumbers = data.owners.flatMap((o) => (o.birth_number ? [o.birth_number.replace('/', '')] : []));
  const companyIds = data.owners.flatMap((o) => (o.company_id ? [o.company_id] : []));
  if (!birthNumbers.length && !companyIds.length) return;
  const persons = await tx.person.findMany({ where: { OR: [{ birthNumber: { in: birthNumbers } }, { companyId: { in: companyIds } }] }, select: { id: true, birthNumber: true, companyId: true } });
  await tx.realtyRight.deleteMany({ where: { cadastralAreaCode: code, lvNumber: lv, screeningId: null, type: { in: ['OWNERSHIP', 'JOINT_MARITAL_OWNERSHIP'] } } });
  const rows: Prisma.RealtyRightCreateManyInput[] = [];
  for (const owner of data.owners) {
    const person = persons.find((p) => (owner.birth_number && p.birthNumber === owner.birth_number.replace('/', '')) || (owner.company_id && p.companyId === owner.company_id));
    if (!person) continue;
    for (const realtyId of realtyIds.length ? realtyIds : [null]) {
      rows.push({
        personId: person.id,
        realtyId,
        type: owner.kind,
        shareNumerator: owner.share_numerator === owner.share_denominator ? null : owner.share_numerator,
        shareDenominator: owner.share_numerator === owner.share_denominator ? null : owner.share_denominator,
        lvNumber: lv,
        cadastralAreaCode: code,
        cadastralAreaName: data.cadastral_location_name,
        description: `Z výpisu z LV č. ${titleDeedId}`,
      });
    }
  }
  if (rows.length) await tx.realtyRight.createMany({ data: rows });
}
