import { canonicalMoney, titleDeedExtract, type EncumbranceType, type TitleDeedExtract } from '@lending/contracts';
import { CadastreError } from './cadastre-provider.ts';
import { cadastreXmlParser, DECLARATION, decodeXmlEntities, escapeXml, isRecord } from './xml-text.ts';

// Our XML of a title deed's extract (výpis z listu vlastnictví)
// =============================================================
// ČÚZK's WSDP hands the extract (generujLVZjednodusene / generujLV with pripojitXML=a) as a PDF
// with an XML companion of the LV's content. This is OUR READING of the LV's published
// structure (parts A, B, C of a výpis z LV), in WSDP's style of element names (Czech without
// diacritics, camelCase); it has NOT been checked against a real XML extract yet and must be,
// before production, against one from WSDP's trial account. The sandbox writes it and the WSDP
// test fakes answer it, so this one parser serves both.
//
//   <LV verze="1">
//     <katastrUzemi kod="600016" nazev="Nové Město"/>        territory: 6-digit code, name
//     <cisloLV>1234</cisloLV>                                 the LV's number in the territory
//     <datumK>2026-03-01T09:00:00.000Z</datumK>               the moment the extract describes
//     <castA>                                                 A: vlastník, jiný oprávněný (≥ 1)
//       <opravnenySubjekt typ="OFO|OPO">                      a person (OFO) or a company (OPO)
//         <nazev>Novák Jan</nazev>
//         <rc>8001011234</rc>                                 rodné číslo (optional)
//         <ico>25596641</ico>                                 IČO (optional)
//         <adresa>Husova 12, 110 00 Praha</adresa>            (optional)
//         <podil citatel="1" jmenovatel="2"/>                 share; missing: the whole (1/1)
//       </opravnenySubjekt>
//       <opravnenySubjekt typ="BSM">                          společné jmění manželů (SJM)
//         <podil citatel="1" jmenovatel="2"/>                 the SJM's share, undivided
//         <partner><nazev/><rc/><adresa/></partner>           each spouse (1–2)
//       </opravnenySubjekt>
//     </castA>
//     <castB>                                                 B: nemovitosti (≥ 1 item)
//       <parcela><parcelniCislo>st. 45</parcelniCislo><vymera>312</vymera>   area m²
//         <druhPozemku>zastavěná plocha a nádvoří</druhPozemku><zpusobVyuziti>…</zpusobVyuziti></parcela>
//       <stavba><cisloDomovni>1234</cisloDomovni><castObce>…</castObce>       house number, part
//         <zpusobVyuziti>rodinný dům</zpusobVyuziti><naParcele>st. 45</naParcele></stavba>
//       <jednotka><cisloJednotky>1234/5</cisloJednotky><zpusobVyuziti>byt</zpusobVyuziti>
//         <podilNaSpolecnychCastech citatel="6230" jmenovatel="123456"/></jednotka>
//     </castB>
//     <castC>                                                 C: omezení vlastnického práva (may be empty)
//       <omezeni druh="zastavniPravo|vecneBremeno|exekuce|insolvence|predkupniPravo|zakazZcizeni|jine">
//         <popis>Zástavní právo smluvní</popis>
//         <opravneniPro>Česká spořitelna, a.s.</opravneniPro>      „oprávnění pro“ (optional)
//         <povinnostK>Novák Jan</povinnostK>                    „povinnost k“: whom it burdens (optional: the whole LV)
//         <castka mena="CZK">2500000.00</castka>                the secured amount (optional)
//         <listina>V-12345/2025-101</listina>                   the document it stems from (optional)
//         <platnostOd>2025-03-12</platnostOd>                   the day it took effect (optional)
//       </omezeni>
//     </castC>
//   </LV>
//
// Optional elements may be missing or empty. Anything else (not XML, a DOCTYPE or entity
// declaration, more than 5 MB, nesting deeper than 32, missing parts, a share with a zero
// denominator, an unreadable amount or date …) is refused with CadastreError('REFUSED').

/** Extracts larger than this are refused unread. */
export const MAX_EXTRACT_BYTES = 5 * 1024 * 1024;
const MAX_DEPTH = 32;
const MAX_TEXT = 2000;

const DRUH_TO_TYPE: Record<string, EncumbranceType> = {
  zastavniPravo: 'PLEDGE',
  vecneBremeno: 'EASEMENT',
  exekuce: 'DISTRAINT',
  insolvence: 'INSOLVENCY',
  predkupniPravo: 'PRE_EMPTION',
  zakazZcizeni: 'ALIENATION_BAN',
  jine: 'OTHER',
};
const TYPE_TO_DRUH = Object.fromEntries(Object.entries(DRUH_TO_TYPE).map(([druh, type]) => [type, druh])) as Record<EncumbranceType, string>;

// Entities are decoded by decodeXmlEntities (the five of XML and character references), never expanded from a DTD.
const parser = cadastreXmlParser({ maxDepth: MAX_DEPTH, lists: ['opravnenySubjekt', 'partner', 'parcela', 'stavba', 'jednotka', 'omezeni'] });

const refuse = (reason: string, detail?: string) => new CadastreError('REFUSED', `Výpis z katastru nelze přečíst: ${reason}`, { detail: detail ?? reason });

/** Reads our XML of a title deed's extract into its parts; CadastreError('REFUSED') when it cannot. */
export function parseExtract(xml: Buffer | string): TitleDeedExtract {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.byteLength;
  if (size > MAX_EXTRACT_BYTES) throw refuse('data jsou větší než 5 MB.', `extract of ${size} bytes`);
  let text: string;
  if (typeof xml === 'string') text = xml;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(xml);
    } catch {
      throw refuse('data nejsou v kódování UTF-8.');
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (DECLARATION.test(text)) throw refuse('data obsahují deklaraci DOCTYPE nebo entit, takové z bezpečnostních důvodů nečteme.', 'DOCTYPE or ENTITY declaration');
  let document: unknown;
  try {
    document = parser.parse(text, true);
  } catch (error) {
    throw refuse('data nejsou platné XML.', `not well-formed: ${(error as Error).message}`.slice(0, 300));
  }
  const lv = single(document, 'LV', 'kořenový element LV');
  const extract = readLv(lv);
  const checked = titleDeedExtract.safeParse(extract);
  if (!checked.success) throw refuse('data neodpovídají struktuře výpisu.', checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ').slice(0, 300));
  return checked.data;
}

function readLv(lv: unknown): TitleDeedExtract {
  const territory = single(lv, 'katastrUzemi', 'katastrální území');
  const code = attribute(territory, 'kod');
  if (!code || !/^\d{6}$/.test(code)) throw refuse('kód katastrálního území nemá 6 číslic.');
  const name = attribute(territory, 'nazev');
  if (!name) throw refuse('chybí název katastrálního území.');
  const lvNumber = requiredText(lv, 'cisloLV', 'číslo listu vlastnictví');
  if (!/^[1-9]\d{0,5}$/.test(lvNumber)) throw refuse('číslo listu vlastnictví není kladné celé číslo.');
  const asOfText = requiredText(lv, 'datumK', 'datum, ke kterému výpis je');
  const asOf = /^\d{4}-\d{2}-\d{2}/.test(asOfText) ? new Date(asOfText) : new Date(Number.NaN);
  if (Number.isNaN(asOf.getTime())) throw refuse('datum, ke kterému výpis je, není platné datum.');

  const partA = single(lv, 'castA', 'část A (vlastníci)');
  const owners = children(partA, 'opravnenySubjekt').flatMap(readSubject);
  if (owners.length === 0) throw refuse('část A neuvádí žádného vlastníka.');

  const partB = single(lv, 'castB', 'část B (nemovitosti)');
  const parcels = children(partB, 'parcela').map((p) => ({
    number: requiredText(p, 'parcelniCislo', 'číslo parcely'),
    area: integer(requiredText(p, 'vymera', 'výměra parcely'), 'výměra parcely', 0),
    land_type: requiredText(p, 'druhPozemku', 'druh pozemku'),
    usage: optionalText(p, 'zpusobVyuziti'),
  }));
  const buildings = children(partB, 'stavba').map((s) => ({
    house_number: optionalText(s, 'cisloDomovni'),
    part_of_municipality: optionalText(s, 'castObce'),
    usage: requiredText(s, 'zpusobVyuziti', 'způsob využití stavby'),
    on_parcel: optionalText(s, 'naParcele'),
  }));
  const units = children(partB, 'jednotka').map((j) => {
    const share = optionalSingle(j, 'podilNaSpolecnychCastech');
    return {
      number: requiredText(j, 'cisloJednotky', 'číslo jednotky'),
      usage: requiredText(j, 'zpusobVyuziti', 'způsob využití jednotky'),
      share: share === undefined ? null : fraction(share, 'podíl jednotky na společných částech').join('/'),
    };
  });
  if (parcels.length + buildings.length + units.length === 0) throw refuse('část B neuvádí žádnou nemovitost.');

  const partC = single(lv, 'castC', 'část C (omezení vlastnického práva)');
  const encumbrances = children(partC, 'omezeni').map((o) => {
    const druh = attribute(o, 'druh');
    const amount = optionalText(o, 'castka');
    const money = amount === null ? null : canonicalMoney(amount);
    if (amount !== null && (money === null || money.startsWith('-'))) throw refuse('částka omezení není platná částka v korunách.');
    const since = optionalText(o, 'platnostOd');
    if (since !== null && !isDay(since)) throw refuse('datum vzniku omezení není platné datum (RRRR-MM-DD).');
    return {
      type: (druh && Object.hasOwn(DRUH_TO_TYPE, druh) ? DRUH_TO_TYPE[druh] : 'OTHER') as EncumbranceType,
      description: requiredText(o, 'popis', 'popis omezení'),
      beneficiary: optionalText(o, 'opravneniPro'),
      burdened: optionalText(o, 'povinnostK'),
      amount: money,
      document: optionalText(o, 'listina'),
      since,
    };
  });

  return {
    cadastral_location_code: code,
    cadastral_location_name: name,
    lv_number: lvNumber,
    as_of: asOf.toISOString(),
    owners,
    parcels,
    buildings,
    units,
    encumbrances,
  };
}

type Owner = TitleDeedExtract['owners'][number];

function readSubject(subject: unknown): Owner[] {
  const type = attribute(subject, 'typ');
  const shareNode = optionalSingle(subject, 'podil');
  const [share_numerator, share_denominator] = shareNode === undefined ? [1, 1] : fraction(shareNode, 'podíl vlastníka');
  if (type === 'BSM') {
    const partners = children(subject, 'partner');
    if (partners.length < 1 || partners.length > 2) throw refuse('společné jmění manželů neuvádí jednoho nebo dva manžele.');
    return partners.map((p) => ({ ...person(p), kind: 'JOINT_MARITAL_OWNERSHIP' as const, share_numerator, share_denominator }));
  }
  if (type !== 'OFO' && type !== 'OPO') throw refuse('vlastník nemá typ OFO, OPO nebo BSM.');
  return [{ ...person(subject), kind: 'OWNERSHIP' as const, share_numerator, share_denominator }];
}

function person(node: unknown): Pick<Owner, 'name' | 'birth_number' | 'company_id' | 'address'> {
  const birthNumber = optionalText(node, 'rc');
  if (birthNumber !== null && !/^\d{6}\/?\d{3,4}$/.test(birthNumber)) throw refuse('rodné číslo vlastníka nemá tvar RRMMDD/XXXX.');
  const companyId = optionalText(node, 'ico');
  if (companyId !== null && !/^\d{8}$/.test(companyId)) throw refuse('IČO vlastníka nemá 8 číslic.');
  return { name: requiredText(node, 'nazev', 'jméno vlastníka'), birth_number: birthNumber?.replace('/', '') ?? null, company_id: companyId, address: optionalText(node, 'adresa') };
}

/** citatel/jmenovatel: positive integers, the numerator at most the denominator. */
function fraction(node: unknown, what: string): [number, number] {
  const numerator = integer(attribute(node, 'citatel') ?? '', what, 1);
  const denominator = integer(attribute(node, 'jmenovatel') ?? '', what, 1);
  if (numerator > denominator) throw refuse(`${what} je větší než celek.`);
  return [numerator, denominator];
}

function integer(text: string, what: string, min: number): number {
  if (!/^\d{1,12}$/.test(text)) throw refuse(`${what} není celé číslo.`);
  const value = Number(text);
  if (value < min) throw refuse(`${what} musí být alespoň ${min}.`);
  return value;
}

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

// --- reading the parsed tree defensively: every node is unknown ----------------------------------

/** An element that must be there once. */
function single(node: unknown, name: string, what: string): unknown {
  const value = optionalSingle(node, name);
  if (value === undefined) throw refuse(`chybí ${what}.`, `missing <${name}>`);
  return value;
}

function optionalSingle(node: unknown, name: string): unknown {
  if (!isRecord(node) || !Object.hasOwn(node, name)) return undefined;
  const value = node[name];
  if (Array.isArray(value)) throw refuse(`element ${name} je uveden vícekrát.`);
  return value;
}

function children(node: unknown, name: string): unknown[] {
  if (!isRecord(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [value];
}

function attribute(node: unknown, name: string): string | undefined {
  if (!isRecord(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? checkedText(decodeEntities(value).trim()) || undefined : undefined;
}

/** The text of an element; an element with child elements has none we read. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return checkedText(decodeEntities(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) {
    if (Object.keys(value).some((key) => key !== '#text' && !key.startsWith('@_'))) throw refuse('textový údaj obsahuje vnořené elementy.');
    return textOf(value['#text'] ?? '');
  }
  throw refuse('textový údaj má neočekávaný tvar.');
}

function requiredText(node: unknown, name: string, what: string): string {
  const text = optionalText(node, name);
  if (text === null) throw refuse(`chybí ${what}.`, `missing <${name}>`);
  return text;
}

function optionalText(node: unknown, name: string): string | null {
  const value = optionalSingle(node, name);
  if (value === undefined) return null;
  const text = textOf(value).trim();
  return text === '' ? null : text;
}

function checkedText(text: string): string {
  if (text.length > MAX_TEXT) throw refuse(`textový údaj je delší než ${MAX_TEXT} znaků.`);
  return text;
}

/** The five entities of XML and character references; any other entity is refused. */
function decodeEntities(text: string): string {
  const decoded = decodeXmlEntities(text);
  if (decoded === null) throw refuse('text obsahuje neznámou nebo neukončenou entitu.');
  return decoded;
}

// --- writing ----------------------------------------------------------------------------------------

const element = (indent: string, name: string, value: string | number | null): string[] => (value === null ? [] : [`${indent}<${name}>${escapeXml(String(value))}</${name}>`]);

/** Writes the extract in our XML format (the sandbox's XML; parseExtract reads it back unchanged). */
export function serializeExtract(extract: TitleDeedExtract): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<LV verze="1">',
    `  <katastrUzemi kod="${escapeXml(extract.cadastral_location_code)}" nazev="${escapeXml(extract.cadastral_location_name)}"/>`,
    ...element('  ', 'cisloLV', extract.lv_number),
    ...element('  ', 'datumK', extract.as_of),
    '  <castA>',
  ];
  const person = (indent: string, owner: Owner) => [...element(indent, 'nazev', owner.name), ...element(indent, 'rc', owner.birth_number), ...element(indent, 'ico', owner.company_id), ...element(indent, 'adresa', owner.address)];
  const share = (indent: string, owner: Owner) => `${indent}<podil citatel="${owner.share_numerator}" jmenovatel="${owner.share_denominator}"/>`;
  const owners = extract.owners;
  for (let i = 0; i < owners.length; i++) {
    const owner = owners[i]!;
    if (owner.kind === 'JOINT_MARITAL_OWNERSHIP') {
      // Spouses of one SJM follow each other with the same share: one subject, two partners.
      const next = owners[i + 1];
      const spouses = next && next.kind === 'JOINT_MARITAL_OWNERSHIP' && next.share_numerator === owner.share_numerator && next.share_denominator === owner.share_denominator ? [owner, next] : [owner];
      lines.push('    <opravnenySubjekt typ="BSM">', share('      ', owner));
      for (const spouse of spouses) lines.push('      <partner>', ...person('        ', spouse), '      </partner>');
      lines.push('    </opravnenySubjekt>');
      i += spouses.length - 1;
    } else {
      const type = owner.company_id !== null && owner.birth_number === null ? 'OPO' : 'OFO';
      lines.push(`    <opravnenySubjekt typ="${type}">`, ...person('      ', owner), share('      ', owner), '    </opravnenySubjekt>');
    }
  }
  lines.push('  </castA>', '  <castB>');
  for (const p of extract.parcels) {
    lines.push('    <parcela>', ...element('      ', 'parcelniCislo', p.number), ...element('      ', 'vymera', p.area), ...element('      ', 'druhPozemku', p.land_type), ...element('      ', 'zpusobVyuziti', p.usage), '    </parcela>');
  }
  for (const b of extract.buildings) {
    lines.push('    <stavba>', ...element('      ', 'cisloDomovni', b.house_number), ...element('      ', 'castObce', b.part_of_municipality), ...element('      ', 'zpusobVyuziti', b.usage), ...element('      ', 'naParcele', b.on_parcel), '    </stavba>');
  }
  for (const u of extract.units) {
    const [numerator, denominator] = u.share?.split('/') ?? [];
    lines.push(
      '    <jednotka>',
      ...element('      ', 'cisloJednotky', u.number),
      ...element('      ', 'zpusobVyuziti', u.usage),
      ...(u.share === null ? [] : [`      <podilNaSpolecnychCastech citatel="${escapeXml(numerator ?? '')}" jmenovatel="${escapeXml(denominator ?? '')}"/>`]),
      '    </jednotka>',
    );
  }
  lines.push('  </castB>', '  <castC>');
  for (const e of extract.encumbrances) {
    lines.push(
      `    <omezeni druh="${TYPE_TO_DRUH[e.type]}">`,
      ...element('      ', 'popis', e.description),
      ...element('      ', 'opravneniPro', e.beneficiary),
      ...element('      ', 'povinnostK', e.burdened),
      ...(e.amount === null ? [] : [`      <castka mena="CZK">${escapeXml(e.amount)}</castka>`]),
      ...element('      ', 'listina', e.document),
      ...element('      ', 'platnostOd', e.since),
      '    </omezeni>',
    );
  }
  lines.push('  </castC>', '</LV>', '');
  return lines.join('\n');
}
