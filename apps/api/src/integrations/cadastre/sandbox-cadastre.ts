import { createHash } from 'node:crypto';
import { makeBirthNumber, makeCompanyId, realtyMessages, type EncumbranceType, type TitleDeedExtract } from '@lending/contracts';
import { COLORS, dataTable, fieldList, FONT, FONT_BOLD, heading, pageFooters, renderPdf, type Pdf } from '../../pdf/pdf-document.ts';
import { COMMON_STREETS, TOWNS, type Town } from '../address/data/czech-towns.ts';
import { CadastreError, type CadastreExtract, type CadastreProvider, type CadastreQuote, type CadastreTerritory, type LvRef } from './cadastre-provider.ts';
import { serializeExtract } from './parse-extract.ts';

// The sandbox cadastre (CADASTRE_PROVIDER=sandbox, development's default): offline and
// deterministic, so demos and tests can price, order and watch title deeds without ČÚZK.
//
// - The codebook: no package carries the real codebook of cadastral territories, so ~13,000 are
//   generated from the bundled Czech towns: each town is a territory of its own name, plus
//   villages and parts named from common Czech stems (Horní Lhota, Nový Újezd, Malý Bor …) in
//   that town's municipality and district, each with a unique 6-digit code. Not the real codes.
// - An extract: made up from a hash of (territory code, LV number): 1–3 owners with valid birth
//   numbers (spouses in SJM), parcels, a house or a flat, and encumbrances each with the day it
//   took effect; an encumbrance that took effect after the extract's moment is not on it, so
//   the same LV ordered at two dates can show a new distraint. ~8 % of LVs get a distraint and
//   ~3 % an insolvency, taking effect between 2023-01-01 and 2026-12-31.
// - Unknown territory codes are NOT_FOUND, and so are LV numbers above 5000 ending in 0 (tests
//   provoke "no such LV" with them, e.g. 5010).
// - The LV's externalId is the territory code followed by the LV number in 5 digits
//   ("60000700123"), so an LV given by externalId alone is found as well.

// --- the codebook ---------------------------------------------------------------------------------

const TERRITORY_COUNT = 13_000;
// [feminine, masculine, neuter]
const ADJECTIVES: readonly (readonly [string, string, string])[] = [
  ['Horní', 'Horní', 'Horní'],
  ['Dolní', 'Dolní', 'Dolní'],
  ['Nová', 'Nový', 'Nové'],
  ['Stará', 'Starý', 'Staré'],
  ['Velká', 'Velký', 'Velké'],
  ['Malá', 'Malý', 'Malé'],
  ['Česká', 'Český', 'České'],
  ['Vysoká', 'Vysoký', 'Vysoké'],
  ['Zadní', 'Zadní', 'Zadní'],
  ['Přední', 'Přední', 'Přední'],
];
const STEMS: readonly (readonly [string, 0 | 1 | 2])[] = [
  ['Lhota', 0], ['Ves', 0], ['Újezd', 1], ['Dvůr', 1], ['Hora', 0], ['Lhotka', 0], ['Městec', 1], ['Chlum', 1],
  ['Bor', 1], ['Hradiště', 2], ['Lom', 1], ['Paseka', 0], ['Rybník', 1], ['Mlýn', 1], ['Bukovina', 0], ['Lipí', 2],
  ['Dubí', 2], ['Březí', 2], ['Lužec', 1], ['Polom', 1], ['Skála', 0], ['Vrbice', 0], ['Olešnice', 0], ['Hájek', 1],
];
const VILLAGE_NAMES: readonly string[] = [...STEMS.map(([stem]) => stem), ...ADJECTIVES.flatMap((forms) => STEMS.map(([stem, gender]) => `${forms[gender]} ${stem}`))];

interface SandboxTerritory {
  territory: CadastreTerritory;
  town: Town;
}

let codebook: { list: readonly SandboxTerritory[]; territories: readonly CadastreTerritory[]; byCode: ReadonlyMap<string, SandboxTerritory> } | undefined;

function generateCodebook(): NonNullable<typeof codebook> {
  const list: SandboxTerritory[] = [];
  const villages = TERRITORY_COUNT - TOWNS.length;
  const perTown = Math.floor(villages / TOWNS.length);
  const extra = villages - perTown * TOWNS.length;
  // Codes: 600000 + 7k + (3k mod 7), unique and scattered a little, all of 6 digits.
  const nextCode = () => String(600_000 + list.length * 7 + ((list.length * 3) % 7));
  TOWNS.forEach((town, t) => {
    const municipality = town.city;
    list.push({ territory: { code: nextCode(), name: town.part ?? town.city, municipality, district: town.district }, town });
    const random = prng(seedOf(`territories/${t}`));
    // A partial Fisher–Yates shuffle picks this town's distinct village names.
    const names = [...VILLAGE_NAMES];
    const count = perTown + (t < extra ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(random() * (names.length - i));
      [names[i], names[j]] = [names[j]!, names[i]!];
      list.push({ territory: { code: nextCode(), name: names[i]!, municipality, district: town.district }, town });
    }
  });
  return { list, territories: list.map((entry) => entry.territory), byCode: new Map(list.map((entry) => [entry.territory.code, entry])) };
}

function sandboxCodebook(): NonNullable<typeof codebook> {
  codebook ??= generateCodebook();
  return codebook;
}

/** The sandbox's generated codebook of ~13,000 territories (the same array every call: do not modify). */
export function sandboxTerritories(): readonly CadastreTerritory[] {
  return sandboxCodebook().territories;
}

// --- extracts -------------------------------------------------------------------------------------

const MEN = ['Jan', 'Petr', 'Jiří', 'Josef', 'Pavel', 'Martin', 'Tomáš', 'Jaroslav', 'Miroslav', 'Zdeněk', 'Václav', 'Michal', 'František', 'Karel', 'Milan', 'Lukáš', 'David', 'Jakub', 'Ondřej', 'Vladimír'];
const WOMEN = ['Jana', 'Marie', 'Eva', 'Hana', 'Anna', 'Lenka', 'Kateřina', 'Lucie', 'Věra', 'Alena', 'Petra', 'Veronika', 'Jaroslava', 'Tereza', 'Martina', 'Michaela', 'Jitka', 'Helena', 'Ludmila', 'Zdeňka'];
const SURNAMES: readonly (readonly [string, string])[] = [
  ['Novák', 'Nováková'], ['Svoboda', 'Svobodová'], ['Novotný', 'Novotná'], ['Dvořák', 'Dvořáková'], ['Černý', 'Černá'],
  ['Procházka', 'Procházková'], ['Kučera', 'Kučerová'], ['Veselý', 'Veselá'], ['Horák', 'Horáková'], ['Němec', 'Němcová'],
  ['Marek', 'Marková'], ['Pokorný', 'Pokorná'], ['Král', 'Králová'], ['Jelínek', 'Jelínková'], ['Růžička', 'Růžičková'],
  ['Beneš', 'Benešová'], ['Fiala', 'Fialová'], ['Sedláček', 'Sedláčková'], ['Doležal', 'Doležalová'], ['Zeman', 'Zemanová'],
  ['Kolář', 'Kolářová'], ['Navrátil', 'Navrátilová'], ['Čermák', 'Čermáková'], ['Urban', 'Urbanová'], ['Vaněk', 'Vaňková'],
];
const COMPANIES = ['Stavby Horák s.r.o.', 'Reality Morava s.r.o.', 'Zemědělské družstvo Podlesí', 'Bytové družstvo Slunečná', 'Truhlářství Kolář s.r.o.', 'Agro Vysočina a.s.'];
const BANKS = ['Česká spořitelna, a.s.', 'Komerční banka, a.s.', 'Československá obchodní banka, a. s.', 'Raiffeisenbank a.s.', 'UniCredit Bank Czech Republic and Slovakia, a.s.', 'MONETA Money Bank, a.s.', 'mBank S.A.', 'Fio banka, a.s.'];
const DISTRIBUTORS = { PHA: 'PREdistribuce, a.s.', JHC: 'EG.D, a.s.', JHM: 'EG.D, a.s.', VYS: 'EG.D, a.s.' } as Partial<Record<Town['region'], string>>;
const INSOLVENCY_COURTS: Record<Town['region'], [string, string]> = {
  PHA: ['Městský soud v Praze', 'MSPH'], STC: ['Krajský soud v Praze', 'KSPH'], JHC: ['Krajský soud v Českých Budějovicích', 'KSCB'],
  PLK: ['Krajský soud v Plzni', 'KSPL'], KVK: ['Krajský soud v Plzni', 'KSPL'], ULK: ['Krajský soud v Ústí nad Labem', 'KSUL'],
  LBK: ['Krajský soud v Ústí nad Labem – pobočka v Liberci', 'KSLB'], HKK: ['Krajský soud v Hradci Králové', 'KSHK'],
  PAK: ['Krajský soud v Hradci Králové – pobočka v Pardubicích', 'KSPA'], VYS: ['Krajský soud v Brně – pobočka v Jihlavě', 'KSJI'],
  JHM: ['Krajský soud v Brně', 'KSBR'], OLK: ['Krajský soud v Ostravě – pobočka v Olomouci', 'KSOL'], ZLK: ['Krajský soud v Brně – pobočka ve Zlíně', 'KSZL'],
  MSK: ['Krajský soud v Ostravě', 'KSOS'],
};
const EXECUTOR_OFFICES = ['Praha 4', 'Praha 9', 'Brno-město', 'Ostrava', 'Plzeň-město', 'Olomouc', 'Kladno', 'Jihlava', 'Přerov', 'Děčín', 'Pardubice', 'Hradec Králové'];
const DAY_MS = 86_400_000;
const EVENTFUL_FROM = Date.UTC(2023, 0, 1);
const EVENTFUL_DAYS = 1461; // 2023-01-01 … 2026-12-31

/** The extract the sandbox issues for (territory, LV) as of `asOf`. Pure: the same input, the same data. */
export function sandboxExtractData(territoryCode: string, lvNumber: string, asOf: Date): TitleDeedExtract {
  const entry = knownLv(territoryCode, lvNumber);
  const { territory, town } = entry;
  const key = `${territory.code}/${Number(lvNumber)}`;
  const hash = createHash('sha256').update(`sandbox-lv/${key}`).digest();
  const random = prng(hash.readUInt32BE(28));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const day = (fromYear: number, toYear: number) => isoDay(Date.UTC(fromYear, 0, 1) + between(0, Math.round((Date.UTC(toYear, 11, 31) - Date.UTC(fromYear, 0, 1)) / DAY_MS)) * DAY_MS);
  const address = () => {
    const home = random() < 0.7 ? town : pick(TOWNS);
    return `${pick([...(home.streets ?? []), ...COMMON_STREETS])} ${between(1, 2400)}, ${home.zip} ${home.part ?? home.city}`;
  };
  const person = (sex: 'M' | 'F', surname: readonly [string, string], born: number) => {
    const birth = new Date(Date.UTC(born, between(0, 11), between(1, 28)));
    return {
      name: `${surname[sex === 'M' ? 0 : 1]} ${pick(sex === 'M' ? MEN : WOMEN)}`,
      birth_number: makeBirthNumber(birth, sex, between(0, 999)),
      company_id: null,
    };
  };

  // Part A: who owns it.
  type Owner = TitleDeedExtract['owners'][number];
  const owners: Owner[] = [];
  const roll = random();
  if (roll < 0.05) {
    owners.push({ name: pick(COMPANIES), birth_number: null, company_id: makeCompanyId(between(1_000_000, 9_999_999)), address: address(), kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 1 });
  } else if (roll < 0.45) {
    const sex = random() < 0.5 ? 'M' : 'F';
    owners.push({ ...person(sex, pick(SURNAMES), between(1955, 2000)), address: address(), kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 1 });
  } else if (roll < 0.8) {
    owners.push(...spouses(1, 1));
  } else if (roll < 0.92) {
    const surname = pick(SURNAMES);
    // Two siblings, half each.
    for (let i = 0; i < 2; i++) owners.push({ ...person(random() < 0.5 ? 'M' : 'F', surname, between(1960, 2000)), address: address(), kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 2 });
  } else {
    owners.push(...spouses(1, 2));
    owners.push({ ...person(random() < 0.5 ? 'M' : 'F', pick(SURNAMES), between(1960, 2000)), address: address(), kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 2 });
  }
  function spouses(numerator: number, denominator: number): Owner[] {
    const surname = pick(SURNAMES);
    const born = between(1955, 1998);
    const home = address();
    return [
      { ...person('M', surname, born), address: home, kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: numerator, share_denominator: denominator },
      { ...person('F', surname, Math.min(2000, Math.max(1955, born + between(-3, 5)))), address: home, kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: numerator, share_denominator: denominator },
    ];
  }

  // Part B: what it is.
  const parcels: TitleDeedExtract['parcels'] = [];
  const buildings: TitleDeedExtract['buildings'] = [];
  const units: TitleDeedExtract['units'] = [];
  const houseNumber = between(1, 2400);
  const kind = random();
  if (kind < 0.5) {
    const total = between(100_000, 600_000);
    units.push({ number: `${houseNumber}/${between(1, 40)}`, usage: 'byt', share: `${between(2_000, 12_000)}/${total}` });
  } else if (kind < 0.88) {
    const stavebni = `st. ${between(1, 1500)}`;
    parcels.push({ number: stavebni, area: between(70, 400), land_type: 'zastavěná plocha a nádvoří', usage: null });
    parcels.push({ number: `${between(1, 3000)}/${between(1, 40)}`, area: between(150, 1800), land_type: 'zahrada', usage: null });
    buildings.push({ house_number: String(houseNumber), part_of_municipality: territory.name, usage: pick(['rodinný dům', 'rodinný dům', 'rodinný dům', 'stavba pro rodinnou rekreaci', 'bytový dům']), on_parcel: stavebni });
  } else {
    const count = between(1, 3);
    for (let i = 0; i < count; i++) {
      parcels.push({ number: `${between(1, 3000)}${random() < 0.5 ? `/${between(1, 60)}` : ''}`, area: between(800, 40_000), land_type: pick(['orná půda', 'trvalý travní porost', 'lesní pozemek', 'ostatní plocha']), usage: random() < 0.3 ? 'jiná plocha' : null });
    }
  }

  // Part C: what burdens it, each with the day it took effect.
  const encumbrances: TitleDeedExtract['encumbrances'] = [];
  const encumbrance = (type: EncumbranceType, e: Omit<TitleDeedExtract['encumbrances'][number], 'type'>) => encumbrances.push({ type, ...e });
  const workplace = () => between(101, 815);
  if (random() < 0.7) {
    const bank = pick(BANKS);
    const since = day(2008, 2025);
    const document = `V-${between(1_000, 99_999)}/${since.slice(0, 4)}-${workplace()}`;
    encumbrance('PLEDGE', { description: 'Zástavní právo smluvní k zajištění pohledávky z úvěru', beneficiary: bank, burdened: null, amount: `${between(80, 600) * 10_000}.00`, document, since });
    if (random() < 0.3) encumbrance('ALIENATION_BAN', { description: 'Zákaz zcizení a zatížení', beneficiary: bank, burdened: null, amount: null, document, since });
  }
  if (random() < 0.2) {
    const since = day(1995, 2020);
    encumbrance('EASEMENT', { description: 'Věcné břemeno zřizování a provozování vedení distribuční soustavy', beneficiary: DISTRIBUTORS[town.region] ?? 'ČEZ Distribuce, a. s.', burdened: null, amount: null, document: `V-${between(1_000, 99_999)}/${since.slice(0, 4)}-${workplace()}`, since });
  }
  if (random() < 0.04) {
    const since = day(2000, 2022);
    encumbrance('PRE_EMPTION', { description: 'Předkupní právo', beneficiary: `Obec ${town.city}`, burdened: null, amount: null, document: `V-${between(1_000, 99_999)}/${since.slice(0, 4)}-${workplace()}`, since });
  }
  const debtor = owners[owners.length - 1]!.name;
  // The distraint and the insolvency come from hash bytes of their own: exactly ~8 % and ~3 %.
  if (hash.readUInt16BE(0) % 1000 < 80) {
    const since = isoDay(EVENTFUL_FROM + (hash.readUInt16BE(2) % EVENTFUL_DAYS) * DAY_MS);
    const file = `${between(101, 199)} EX ${between(100, 99_999)}/${since.slice(2, 4)}`;
    const executor = `${pick(['Mgr.', 'JUDr.', 'Mgr. Bc.'])} ${pick(MEN)} ${pick(SURNAMES)[0]}, soudní exekutor, Exekutorský úřad ${pick(EXECUTOR_OFFICES)}`;
    encumbrance('DISTRAINT', { description: `Exekuční příkaz k prodeji nemovitosti, ${file}`, beneficiary: executor, burdened: debtor, amount: `${between(8_000, 900_000)}.${String(between(0, 99)).padStart(2, '0')}`, document: file, since });
  }
  if (hash.readUInt16BE(4) % 1000 < 30) {
    const since = isoDay(EVENTFUL_FROM + (hash.readUInt16BE(6) % EVENTFUL_DAYS) * DAY_MS);
    const [court, abbreviation] = INSOLVENCY_COURTS[town.region];
    encumbrance('INSOLVENCY', { description: 'Zahájení insolvenčního řízení', beneficiary: court, burdened: debtor, amount: null, document: `${abbreviation} ${between(1, 99)} INS ${between(100, 29_999)}/${since.slice(0, 4)}`, since });
  }

  const asOfDay = isoDay(asOf.getTime());
  return {
    cadastral_location_code: territory.code,
    cadastral_location_name: territory.name,
    lv_number: String(Number(lvNumber)),
    as_of: asOf.toISOString(),
    owners,
    parcels,
    buildings,
    units,
    encumbrances: encumbrances.filter((e) => e.since === null || e.since <= asOfDay),
  };
}

/**
 * For tests: the first LV of the territory (numbers 1..5000) whose extract matches, with its
 * data as of `asOf` (default far in the future: every encumbrance on it). Null when none does.
 */
export function findSandboxLv(
  predicate: (extract: TitleDeedExtract) => boolean,
  options: { territoryCode?: string; asOf?: Date } = {},
): { territoryCode: string; lvNumber: string; externalId: string; extract: TitleDeedExtract } | null {
  const territoryCode = options.territoryCode ?? sandboxCodebook().list[0]!.territory.code;
  const asOf = options.asOf ?? new Date(Date.UTC(2100, 0, 1));
  for (let lv = 1; lv <= 5000; lv++) {
    const extract = sandboxExtractData(territoryCode, String(lv), asOf);
    if (predicate(extract)) return { territoryCode, lvNumber: String(lv), externalId: sandboxExternalId(territoryCode, String(lv)), extract };
  }
  return null;
}

/** The sandbox's stable id of an LV: the territory code and the LV number in 5 digits. */
export function sandboxExternalId(territoryCode: string, lvNumber: string): string {
  return `${territoryCode}${String(Number(lvNumber)).padStart(5, '0')}`;
}

function knownLv(territoryCode: string, lvNumber: string): SandboxTerritory {
  const entry = sandboxCodebook().byCode.get(territoryCode);
  if (!entry) throw new CadastreError('NOT_FOUND', realtyMessages.unknownTerritory, { detail: `sandbox: no territory ${territoryCode}` });
  if (!/^\d{1,5}$/.test(lvNumber) || Number(lvNumber) < 1 || (Number(lvNumber) > 5000 && Number(lvNumber) % 10 === 0)) {
    throw new CadastreError('NOT_FOUND', realtyMessages.lvNotFound, { detail: `sandbox: no LV ${lvNumber} in ${territoryCode}` });
  }
  return entry;
}

function resolve(lv: LvRef): { territoryCode: string; lvNumber: string; externalId: string } {
  if (lv.territoryCode !== undefined && lv.lvNumber !== undefined) {
    const lvNumber = lv.lvNumber.trim();
    knownLv(lv.territoryCode.trim(), lvNumber);
    return { territoryCode: lv.territoryCode.trim(), lvNumber: String(Number(lvNumber)), externalId: sandboxExternalId(lv.territoryCode.trim(), lvNumber) };
  }
  const match = /^(\d{6})(\d{5})$/.exec(lv.externalId.trim());
  if (!match || !sandboxCodebook().byCode.has(match[1]!)) throw new CadastreError('NOT_FOUND', realtyMessages.lvNotFound, { detail: `sandbox: no LV with id ${lv.externalId}` });
  return resolve({ territoryCode: match[1]!, lvNumber: String(Number(match[2])) });
}

// --- price and PDF ---------------------------------------------------------------------------------

/**
 * The cadastre prices a PDF extract by its pages (the first page costs more than each further
 * one); the sandbox mirrors that with its own numbers, 100 Kč for the first page and 50 Kč for
 * each further one, the pages estimated from the extract's size as its PDF lays it out.
 */
export function sandboxPrice(extract: TitleDeedExtract): string {
  const lines = 14 + extract.owners.length * 3 + extract.parcels.length * 2 + extract.buildings.length * 2 + extract.units.length * 2 + extract.encumbrances.length * 5;
  const pages = Math.max(1, Math.ceil(lines / 60));
  return `${100 + 50 * (pages - 1)}.00`;
}

const WATERMARK = 'SANDBOX – nejde o výpis z katastru';
const OWNERSHIP_LABELS = { OWNERSHIP: 'Vlastnické právo', JOINT_MARITAL_OWNERSHIP: 'SJM' } as const;

const czechDay = (isoDay: string | null) => (isoDay ? isoDay.split('-').map(Number).reverse().join('. ') : '');

function renderSandboxPdf(extract: TitleDeedExtract): Promise<Buffer> {
  const asOf = new Date(extract.as_of);
  const title = `Výpis z katastru nemovitostí – LV ${extract.lv_number}, k. ú. ${extract.cadastral_location_name}`;
  return renderPdf({ title, author: 'Sandbox katastru (nejde o ČÚZK)', subject: WATERMARK }, (doc) => {
    const left = doc.page.margins.left;
    doc.font(FONT_BOLD).fontSize(16).fillColor(COLORS.brand).text('Výpis z katastru nemovitostí', left, 50);
    doc.font(FONT).fontSize(9).fillColor(COLORS.risk).text(WATERMARK);
    doc.moveDown(0.5);
    fieldList(doc, [
      { label: 'Katastrální území', value: `${extract.cadastral_location_name} (${extract.cadastral_location_code})` },
      { label: 'List vlastnictví', value: extract.lv_number },
      { label: 'Údaje platné k', value: asOf.toLocaleString('cs-CZ', { timeZone: 'Europe/Prague' }) },
    ]);
    heading(doc, 'A – Vlastník, jiný oprávněný');
    dataTable(
      doc,
      ['Oprávněný', 'RČ / IČO', 'Adresa', 'Právo', 'Podíl'],
      extract.owners.map((o) => [o.name, o.birth_number ?? o.company_id ?? '', o.address ?? '', OWNERSHIP_LABELS[o.kind], `${o.share_numerator}/${o.share_denominator}`]),
    );
    heading(doc, 'B – Nemovitosti');
    const property = [
      ...extract.parcels.map((p) => ['Parcela', p.number, `${p.area} m²`, [p.land_type, p.usage].filter(Boolean).join(', ')]),
      ...extract.buildings.map((b) => ['Stavba', b.house_number ? `č. p. ${b.house_number}` : 'bez čp/če', b.part_of_municipality ?? '', [b.usage, b.on_parcel ? `na parcele ${b.on_parcel}` : ''].filter(Boolean).join(', ')]),
      ...extract.units.map((u) => ['Jednotka', u.number, u.share ? `podíl ${u.share}` : '', u.usage]),
    ];
    dataTable(doc, ['Druh', 'Číslo', 'Výměra / část obce', 'Využití'], property);
    heading(doc, 'C – Omezení vlastnického práva');
    if (extract.encumbrances.length === 0) doc.font(FONT).fontSize(10).text('Bez zápisu');
    else {
      dataTable(
        doc,
        ['Omezení', 'Oprávnění pro', 'Povinnost k', 'Listina', 'Od'],
        extract.encumbrances.map((e) => [e.amount ? `${e.description} (${e.amount} Kč)` : e.description, e.beneficiary ?? '', e.burdened ?? 'celý LV', e.document ?? '', czechDay(e.since)]),
      );
    }
    watermark(doc);
    pageFooters(doc, `Sandbox – LV ${extract.lv_number}, k. ú. ${extract.cadastral_location_name}`);
  });
}

/** Writes the sandbox's warning across every page. */
function watermark(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const { width, height } = doc.page;
    doc.save();
    doc.rotate(-35, { origin: [width / 2, height / 2] });
    doc.font(FONT_BOLD).fontSize(30).fillColor('#b00020').fillOpacity(0.12).text(WATERMARK, -width / 4, height / 2 - 18, { width: width * 1.5, align: 'center', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}

// --- the provider ---------------------------------------------------------------------------------

export class SandboxCadastre implements CadastreProvider {
  readonly name = 'sandbox' as const;
  readonly #now: () => Date;
  constructor(options: { now?: () => Date } = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  async territories(): Promise<CadastreTerritory[]> {
    return sandboxTerritories().map((t) => ({ ...t }));
  }

  async price(lv: LvRef): Promise<CadastreQuote> {
    const ref = resolve(lv);
    return { price: sandboxPrice(sandboxExtractData(ref.territoryCode, ref.lvNumber, this.#now())), externalId: ref.externalId, territoryCode: ref.territoryCode, lvNumber: ref.lvNumber };
  }

  async order(lv: LvRef & { asOf?: Date }): Promise<CadastreExtract> {
    const ref = resolve(lv);
    const asOf = lv.asOf ?? this.#now();
    const data = sandboxExtractData(ref.territoryCode, ref.lvNumber, asOf);
    return {
      pdf: await renderSandboxPdf(data),
      xml: Buffer.from(serializeExtract(data), 'utf8'),
      price: sandboxPrice(data),
      externalId: ref.externalId,
      territoryCode: ref.territoryCode,
      lvNumber: ref.lvNumber,
      asOf,
    };
  }
}

// --- helpers ---------------------------------------------------------------------------------------

function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** mulberry32: a small seeded PRNG, [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
