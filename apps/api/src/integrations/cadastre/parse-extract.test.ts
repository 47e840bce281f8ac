import fs from 'node:fs';
import path from 'node:path';
import { isValidBirthNumber, isValidCompanyId, type TitleDeedExtract } from '@lending/contracts';
import { describe, expect, it } from 'vitest';
import { CadastreError } from './cadastre-provider.ts';
import { parseExtract, serializeExtract } from './parse-extract.ts';

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures', 'lv-extract.xml'));

function refusal(input: Buffer | string): CadastreError {
  let error: unknown;
  try {
    parseExtract(input);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CadastreError);
  expect((error as CadastreError).kind).toBe('REFUSED');
  expect((error as CadastreError).message).toMatch(/^Výpis z katastru nelze přečíst: /);
  return error as CadastreError;
}

/** A valid minimal extract with `part` replacing the given part. */
const minimal = (replace: Partial<Record<'territory' | 'number' | 'asOf' | 'a' | 'b' | 'c', string>> = {}) =>
  [
    '<LV>',
    replace.territory ?? '<katastrUzemi kod="600016" nazev="Nové Město"/>',
    replace.number ?? '<cisloLV>42</cisloLV>',
    replace.asOf ?? '<datumK>2026-02-01T10:00:00Z</datumK>',
    replace.a ?? '<castA><opravnenySubjekt typ="OFO"><nazev>Novák Jan</nazev></opravnenySubjekt></castA>',
    replace.b ?? '<castB><parcela><parcelniCislo>12</parcelniCislo><vymera>500</vymera><druhPozemku>zahrada</druhPozemku></parcela></castB>',
    replace.c ?? '<castC/>',
    '</LV>',
  ].join('');

describe('parseExtract', () => {
  it('reads the hand-written extract: owners with shares, property, every kind of encumbrance', () => {
    const extract = parseExtract(fixture);
    const expected: TitleDeedExtract = {
      cadastral_location_code: '610372',
      cadastral_location_name: 'Řečkovice',
      lv_number: '1287',
      as_of: '2026-03-01T07:30:00.000Z',
      owners: [
        { name: 'Dvořák Tomáš', birth_number: '7804123459', company_id: null, address: 'Palackého třída 112, 612 00 Brno', kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: 1, share_denominator: 2 },
        { name: 'Dvořáková Lucie', birth_number: '8160235556', company_id: null, address: 'Palackého třída 112, 612 00 Brno', kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: 1, share_denominator: 2 },
        { name: 'Stavby & Reality Morava s.r.o.', birth_number: null, company_id: '25596641', address: 'Kounicova 20, 602 00 Brno', kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 2 },
      ],
      parcels: [
        { number: 'st. 1024', area: 186, land_type: 'zastavěná plocha a nádvoří', usage: null },
        { number: '2210/14', area: 743, land_type: 'zahrada', usage: 'zemědělský půdní fond' },
      ],
      buildings: [{ house_number: '1187', part_of_municipality: 'Řečkovice', usage: 'rodinný dům', on_parcel: 'st. 1024' }],
      units: [{ number: '1187/2', usage: 'jiný nebytový prostor', share: '1520/10000' }],
      encumbrances: [
        { type: 'PLEDGE', description: 'Zástavní právo smluvní k zajištění pohledávky z úvěru', beneficiary: 'Česká spořitelna, a.s.', burdened: null, amount: '3200000.00', document: 'V-28841/2019-702', since: '2019-06-18' },
        { type: 'ALIENATION_BAN', description: 'Zákaz zcizení a zatížení', beneficiary: 'Česká spořitelna, a.s.', burdened: null, amount: null, document: 'V-28841/2019-702', since: '2019-06-18' },
        { type: 'EASEMENT', description: 'Věcné břemeno zřizování a provozování vedení distribuční soustavy', beneficiary: 'EG.D, a.s.', burdened: null, amount: null, document: 'V-4410/2011-702', since: '2011-02-07' },
        { type: 'PRE_EMPTION', description: 'Předkupní právo', beneficiary: 'Statutární město Brno', burdened: null, amount: null, document: null, since: null },
        { type: 'DISTRAINT', description: 'Exekuční příkaz k prodeji nemovitosti, 120 EX 4567/25', beneficiary: 'JUDr. Petr Kolář, soudní exekutor, Exekutorský úřad Brno-město', burdened: 'Dvořák Tomáš', amount: '84512.50', document: '120 EX 4567/25', since: '2025-11-03' },
        { type: 'INSOLVENCY', description: 'Zahájení insolvenčního řízení', beneficiary: 'Krajský soud v Brně', burdened: 'Dvořák Tomáš', amount: null, document: 'KSBR 39 INS 1021/2026', since: '2026-01-20' },
        { type: 'OTHER', description: 'Poznámka spornosti zápisu – žaloba o určení vlastnictví', beneficiary: null, burdened: 'Stavby & Reality Morava s.r.o.', amount: null, document: null, since: null },
      ],
    };
    expect(extract).toEqual(expected);
    expect(extract.owners.filter((o) => o.birth_number).every((o) => isValidBirthNumber(o.birth_number!))).toBe(true);
    expect(isValidCompanyId(extract.owners[2]!.company_id!)).toBe(true);
    // A string reads the same as its bytes, and what we write reads back unchanged.
    expect(parseExtract(fixture.toString('utf8'))).toEqual(expected);
    expect(parseExtract(serializeExtract(expected))).toEqual(expected);
  });

  it('takes an owner without a share as the whole, and an empty part C as no encumbrance', () => {
    const extract = parseExtract(minimal());
    expect(extract.owners).toEqual([{ name: 'Novák Jan', birth_number: null, company_id: null, address: null, kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 1 }]);
    expect(extract.encumbrances).toEqual([]);
    expect(extract.buildings).toEqual([]);
    // Namespaces and a byte-order mark are no obstacle.
    expect(parseExtract(`\uFEFF${minimal().replace('<LV>', '<lv:LV xmlns:lv="urn:example">').replace('</LV>', '</lv:LV>')}`).lv_number).toBe('42');
  });

  it('writes what it reads: special characters survive the round trip', () => {
    const extract = parseExtract(minimal());
    const tricky: TitleDeedExtract = {
      ...extract,
      owners: [{ ...extract.owners[0]!, name: 'O\'Brien & <syn> "Ltd"', address: 'Ulice 1 ]]> 2' }],
      encumbrances: [{ type: 'OTHER', description: 'Text s \u0007 řídicím znakem', beneficiary: null, burdened: null, amount: '0.00', document: null, since: '2024-02-29' }],
    };
    const read = parseExtract(serializeExtract(tricky));
    expect(read.owners[0]!.name).toBe('O\'Brien & <syn> "Ltd"');
    expect(read.owners[0]!.address).toBe('Ulice 1 ]]> 2');
    expect(read.encumbrances[0]).toEqual({ ...tricky.encumbrances[0], description: 'Text s  řídicím znakem' });
  });

  it('refuses entity declarations without expanding them', () => {
    const billionLaughs = `<?xml version="1.0"?><!DOCTYPE LV [<!ENTITY a "haha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${minimal({ a: '<castA><opravnenySubjekt typ="OFO"><nazev>&c;</nazev></opravnenySubjekt></castA>' })}`;
    expect(refusal(billionLaughs).detail).toBe('DOCTYPE or ENTITY declaration');
    const external = `<!DOCTYPE LV [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${minimal({ a: '<castA><opravnenySubjekt typ="OFO"><nazev>&xxe;</nazev></opravnenySubjekt></castA>' })}`;
    expect(refusal(external).detail).toBe('DOCTYPE or ENTITY declaration');
    // An undeclared entity is not read as text either.
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="OFO"><nazev>&nbsp;Jan</nazev></opravnenySubjekt></castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="OFO"><nazev>Jan &#0; Novák</nazev></opravnenySubjekt></castA>' }));
  });

  it('refuses deep nesting, more than 5 MB and what is not XML', () => {
    const deep = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`;
    refusal(minimal({ b: `<castB><parcela>${deep}</parcela></castB>` }));
    refusal(deep);
    const huge = minimal({ c: `<castC>${'<!-- vata -->'.repeat(Math.ceil((6 * 1024 * 1024) / 13))}</castC>` });
    expect(Buffer.byteLength(huge)).toBeGreaterThan(6 * 1024 * 1024);
    expect(refusal(huge).message).toMatch(/5 MB/);
    expect(refusal(Buffer.from(huge)).message).toMatch(/5 MB/);
    refusal('');
    refusal('not xml at all');
    refusal('{"LV": {}}');
    refusal(minimal().slice(0, -3));
    refusal(Buffer.from([0x3c, 0x4c, 0x56, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x4c, 0x56, 0x3e]));
    refusal('<html><body>Service Unavailable</body></html>');
  });

  it('refuses missing parts and fields', () => {
    expect(refusal(minimal({ territory: '' })).message).toMatch(/chybí katastrální území/);
    expect(refusal(minimal({ territory: '<katastrUzemi nazev="Nové Město"/>' })).message).toMatch(/6 číslic/);
    refusal(minimal({ territory: '<katastrUzemi kod="600016"/>' }));
    refusal(minimal({ number: '' }));
    refusal(minimal({ number: '<cisloLV>0</cisloLV>' }));
    refusal(minimal({ number: '<cisloLV><x>1</x></cisloLV>' }));
    refusal(minimal({ number: '<cisloLV>1</cisloLV><cisloLV>2</cisloLV>' }));
    refusal(minimal({ asOf: '' }));
    refusal(minimal({ asOf: '<datumK>včera</datumK>' }));
    expect(refusal(minimal({ a: '' })).message).toMatch(/chybí část A/);
    expect(refusal(minimal({ a: '<castA/>' })).message).toMatch(/žádného vlastníka/);
    refusal(minimal({ a: '<castA>text</castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="OFO"/></castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt><nazev>Novák Jan</nazev></opravnenySubjekt></castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="BSM"><podil citatel="1" jmenovatel="1"/></opravnenySubjekt></castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="OFO"><nazev>Novák Jan</nazev><rc>abc</rc></opravnenySubjekt></castA>' }));
    refusal(minimal({ a: '<castA><opravnenySubjekt typ="OPO"><nazev>Firma</nazev><ico>123</ico></opravnenySubjekt></castA>' }));
    expect(refusal(minimal({ b: '' })).message).toMatch(/chybí část B/);
    expect(refusal(minimal({ b: '<castB/>' })).message).toMatch(/žádnou nemovitost/);
    refusal(minimal({ b: '<castB><parcela><parcelniCislo>12</parcelniCislo><druhPozemku>zahrada</druhPozemku></parcela></castB>' }));
    refusal(minimal({ b: '<castB><parcela><parcelniCislo>12</parcelniCislo><vymera>-5</vymera><druhPozemku>zahrada</druhPozemku></parcela></castB>' }));
    refusal(minimal({ b: '<castB><parcela><parcelniCislo>12</parcelniCislo><vymera>1e9</vymera><druhPozemku>zahrada</druhPozemku></parcela></castB>' }));
    refusal(minimal({ b: '<castB><stavba><cisloDomovni>12</cisloDomovni></stavba></castB>' }));
    expect(refusal(minimal({ c: '' })).message).toMatch(/chybí část C/);
    refusal(minimal({ c: '<castC><omezeni druh="exekuce"/></castC>' }));
    refusal(minimal({ c: '<castC><omezeni druh="exekuce"><popis>Exekuce</popis><castka>hodně</castka></omezeni></castC>' }));
    refusal(minimal({ c: '<castC><omezeni druh="exekuce"><popis>Exekuce</popis><castka>-100</castka></omezeni></castC>' }));
    refusal(minimal({ c: '<castC><omezeni druh="exekuce"><popis>Exekuce</popis><platnostOd>2025-02-30</platnostOd></omezeni></castC>' }));
    refusal(minimal({ c: '<castC><omezeni druh="exekuce"><popis>Exekuce</popis><platnostOd>3. 2. 2025</platnostOd></omezeni></castC>' }));
    refusal('<jineXML><castA/></jineXML>');
  });

  it('refuses impossible shares: a zero denominator, a part above the whole, no number', () => {
    const owner = (share: string) => minimal({ a: `<castA><opravnenySubjekt typ="OFO"><nazev>Novák Jan</nazev>${share}</opravnenySubjekt></castA>` });
    for (const share of ['<podil citatel="1" jmenovatel="0"/>', '<podil citatel="0" jmenovatel="2"/>', '<podil citatel="3" jmenovatel="2"/>', '<podil citatel="1"/>', '<podil citatel="a" jmenovatel="b"/>', '<podil citatel="1.5" jmenovatel="2"/>', '<podil citatel="1" jmenovatel="99999999999999"/>', '<podil/><podil/>']) {
      refusal(owner(share));
    }
    refusal(minimal({ b: '<castB><jednotka><cisloJednotky>1/1</cisloJednotky><zpusobVyuziti>byt</zpusobVyuziti><podilNaSpolecnychCastech citatel="5" jmenovatel="0"/></jednotka></castB>' }));
    expect(parseExtract(owner('<podil citatel="2" jmenovatel="3"/>')).owners[0]).toMatchObject({ share_numerator: 2, share_denominator: 3 });
  });

  it('never throws anything but CadastreError on mangled versions of the fixture', () => {
    const text = fixture.toString('utf8');
    // Cut it at many places and drop each closing tag in turn: refused or read, never a TypeError.
    for (let at = 0; at < text.length; at += 97) {
      try {
        parseExtract(text.slice(0, at));
      } catch (error) {
        expect(error).toBeInstanceOf(CadastreError);
      }
    }
    const tags = [...text.matchAll(/<\/?[A-Za-z][^>]*>/g)];
    for (const tag of tags) {
      const mangled = text.slice(0, tag.index) + text.slice(tag.index + tag[0].length);
      try {
        parseExtract(mangled);
      } catch (error) {
        expect(error).toBeInstanceOf(CadastreError);
      }
    }
  });
});
