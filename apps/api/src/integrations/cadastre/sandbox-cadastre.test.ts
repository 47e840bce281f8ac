import { isValidBirthNumber, isValidCompanyId, realtyMessages, titleDeedExtract, type TitleDeedExtract } from '@lending/contracts';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { CadastreError, cadastreFor } from './index.ts';
import { parseExtract, serializeExtract } from './parse-extract.ts';
import { findSandboxLv, SandboxCadastre, sandboxExternalId, sandboxExtractData, sandboxPrice, sandboxTerritories } from './sandbox-cadastre.ts';
import { WsdpCadastre } from './wsdp-cadastre.ts';

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');
const territories = sandboxTerritories();
const first = territories[0]!.code;

/** The sum of the owners' shares, each SJM (two spouses with one share) counted once. */
function ownedShare(extract: TitleDeedExtract): number {
  let sum = 0;
  for (let i = 0; i < extract.owners.length; i++) {
    const owner = extract.owners[i]!;
    const next = extract.owners[i + 1];
    if (owner.kind === 'JOINT_MARITAL_OWNERSHIP' && next?.kind === 'JOINT_MARITAL_OWNERSHIP' && next.share_numerator === owner.share_numerator && next.share_denominator === owner.share_denominator) i++;
    sum += owner.share_numerator / owner.share_denominator;
  }
  return sum;
}

async function failure(promise: Promise<unknown>): Promise<CadastreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CadastreError);
  return error as CadastreError;
}

describe('the sandbox codebook', () => {
  it('has ~13,000 territories with unique 6-digit codes, each in a town and its district', () => {
    expect(territories).toHaveLength(13_000);
    expect(new Set(territories.map((t) => t.code)).size).toBe(13_000);
    expect(territories.every((t) => /^\d{6}$/.test(t.code) && t.name && t.municipality && t.district)).toBe(true);
    // The towns themselves are territories of their own name.
    expect(territories).toContainEqual(expect.objectContaining({ name: 'Kladno', municipality: 'Kladno', district: 'Kladno' }));
    expect(territories).toContainEqual(expect.objectContaining({ name: 'Praha 1', municipality: 'Praha', district: 'Hlavní město Praha' }));
    // Within one municipality no two territories share a name.
    const byTown = new Map<string, string[]>();
    for (const t of territories) byTown.set(t.municipality!, [...(byTown.get(t.municipality!) ?? []), `${t.district}/${t.name}`]);
    for (const [town, names] of byTown) if (town !== 'Praha') expect(new Set(names).size, town).toBe(names.length);
    expect(territories.some((t) => /^(Horní|Dolní|Nová|Nový|Nové|Stará|Starý|Velká|Malý) /.test(t.name))).toBe(true);
  });

  it('is the same every time and the provider answers copies', async () => {
    expect(sandboxTerritories()).toBe(territories);
    const answered = await new SandboxCadastre().territories();
    expect(answered).toEqual(territories);
    answered[0]!.name = 'Změněno';
    expect(sandboxTerritories()[0]!.name).not.toBe('Změněno');
  });
});

describe('sandbox extracts', () => {
  const asOf = new Date('2026-06-30T10:00:00Z');

  it('are deterministic: the same LV and moment give identical data and XML', () => {
    for (const lv of ['1', '17', '4999']) {
      const a = sandboxExtractData(first, lv, asOf);
      const b = sandboxExtractData(first, lv, asOf);
      expect(a).toEqual(b);
      expect(serializeExtract(a)).toBe(serializeExtract(b));
    }
    expect(sandboxExtractData(first, '17', asOf)).not.toEqual(sandboxExtractData(first, '18', asOf));
    expect(sandboxExtractData(first, '017', asOf)).toEqual(sandboxExtractData(first, '17', asOf));
  });

  it('are plausible: valid per the contract, shares adding up to one, valid birth numbers, SJM for spouses', () => {
    const territory = territories[4321]!;
    let couples = 0;
    for (let lv = 1; lv <= 300; lv++) {
      const extract = sandboxExtractData(territory.code, String(lv), FAR_FUTURE);
      expect(titleDeedExtract.safeParse(extract).success).toBe(true);
      expect(extract).toMatchObject({ cadastral_location_code: territory.code, cadastral_location_name: territory.name, lv_number: String(lv) });
      expect(ownedShare(extract), `LV ${lv}`).toBeCloseTo(1, 10);
      expect(extract.owners.length).toBeGreaterThanOrEqual(1);
      expect(extract.owners.length).toBeLessThanOrEqual(3);
      for (const owner of extract.owners) {
        if (owner.birth_number) expect(isValidBirthNumber(owner.birth_number), owner.birth_number).toBe(true);
        else expect(isValidCompanyId(owner.company_id!)).toBe(true);
      }
      const spouses = extract.owners.filter((o) => o.kind === 'JOINT_MARITAL_OWNERSHIP');
      expect(spouses.length % 2).toBe(0);
      if (spouses.length) couples++;
      expect(extract.parcels.length + extract.buildings.length + extract.units.length).toBeGreaterThan(0);
      for (const unit of extract.units) expect(unit.share).toMatch(/^\d+\/\d+$/);
      for (const e of extract.encumbrances) expect(e.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(couples).toBeGreaterThan(50);
  });

  it('mostly carry a pledge for a bank; ~8 % a distraint and ~3 % an insolvency dated 2023–2026', () => {
    let pledges = 0;
    let distraints = 0;
    let insolvencies = 0;
    for (let lv = 1; lv <= 5000; lv++) {
      const extract = sandboxExtractData(territories[77]!.code, String(lv), FAR_FUTURE);
      const types = extract.encumbrances.map((e) => e.type);
      if (types.includes('PLEDGE')) pledges++;
      for (const e of extract.encumbrances) {
        if (e.type === 'DISTRAINT' || e.type === 'INSOLVENCY') {
          expect(e.since! >= '2023-01-01' && e.since! <= '2026-12-31', e.since!).toBe(true);
          expect(e.burdened).toBe(extract.owners.at(-1)!.name);
        }
        if (e.type === 'DISTRAINT') expect(e).toMatchObject({ description: expect.stringMatching(/^Exekuční příkaz k prodeji nemovitosti, \d{3} EX \d+\/\d{2}$/), beneficiary: expect.stringMatching(/soudní exekutor/) });
        if (e.type === 'PLEDGE') expect(e.amount).toMatch(/^\d+0000\.00$/);
      }
      if (types.includes('DISTRAINT')) distraints++;
      if (types.includes('INSOLVENCY')) insolvencies++;
    }
    expect(pledges / 5000).toBeGreaterThan(0.6);
    expect(distraints / 5000).toBeGreaterThan(0.065);
    expect(distraints / 5000).toBeLessThan(0.095);
    expect(insolvencies / 5000).toBeGreaterThan(0.02);
    expect(insolvencies / 5000).toBeLessThan(0.04);
  });

  it('show a distraint only from the day it took effect', async () => {
    const found = findSandboxLv((e) => e.encumbrances.some((x) => x.type === 'DISTRAINT' && x.since! > '2023-06-01' && x.since! < '2026-06-01'));
    expect(found).not.toBeNull();
    const { territoryCode, lvNumber } = found!;
    const since = found!.extract.encumbrances.find((e) => e.type === 'DISTRAINT')!.since!;
    const dayBefore = new Date(Date.parse(`${since}T12:00:00Z`) - 86_400_000);
    const before = sandboxExtractData(territoryCode, lvNumber, dayBefore);
    const after = sandboxExtractData(territoryCode, lvNumber, new Date(`${since}T12:00:00Z`));
    expect(before.encumbrances.some((e) => e.type === 'DISTRAINT')).toBe(false);
    expect(after.encumbrances.filter((e) => e.type === 'DISTRAINT')).toHaveLength(1);
    // The rest of the LV is the same: only part C grew.
    expect({ ...after, encumbrances: [], as_of: '' }).toEqual({ ...before, encumbrances: [], as_of: '' });
    expect(after.encumbrances.filter((e) => e.type !== 'DISTRAINT')).toEqual(before.encumbrances.filter((e) => e.type !== 'DISTRAINT'));

    // Ordered at the two dates, the provider's XML says the same.
    const sandbox = new SandboxCadastre();
    const earlier = await sandbox.order({ territoryCode, lvNumber, asOf: dayBefore });
    const later = await sandbox.order({ territoryCode, lvNumber, asOf: new Date(`${since}T12:00:00Z`) });
    expect(parseExtract(earlier.xml)).toEqual(before);
    expect(parseExtract(later.xml)).toEqual(after);
  });

  it('read back from their XML unchanged', () => {
    for (const [code, lv] of [[first, '1'], [first, '2'], [territories[9000]!.code, '4711'], [territories[12_999]!.code, '5001']] as const) {
      for (const moment of [new Date('2023-01-01T00:00:00Z'), FAR_FUTURE]) {
        const extract = sandboxExtractData(code, lv, moment);
        expect(parseExtract(serializeExtract(extract))).toEqual(extract);
      }
    }
    const company = findSandboxLv((e) => e.owners.some((o) => o.company_id !== null))!;
    const threeOwners = findSandboxLv((e) => e.owners.length === 3)!;
    const house = findSandboxLv((e) => e.buildings.length > 0 && e.encumbrances.length >= 3)!;
    for (const found of [company, threeOwners, house]) expect(parseExtract(serializeExtract(found.extract))).toEqual(found.extract);
  });

  it('are priced 100 Kč for the first page and 50 Kč for each further one', () => {
    const base = sandboxExtractData(first, '1', asOf);
    const pledge = { type: 'PLEDGE' as const, description: 'Zástavní právo smluvní', beneficiary: 'Komerční banka, a.s.', burdened: null, amount: '1000000.00', document: 'V-1/2020-101', since: '2020-01-01' };
    // One owner and one flat: a page; each encumbrance takes a few more lines.
    const flat = { ...base, owners: base.owners.slice(0, 1), parcels: [], buildings: [], units: [{ number: '1/1', usage: 'byt', share: '1/10' }] };
    const withEncumbrances = (n: number) => sandboxPrice({ ...flat, encumbrances: Array.from({ length: n }, () => pledge) });
    expect(withEncumbrances(0)).toBe('100.00');
    expect(withEncumbrances(8)).toBe('100.00');
    expect(withEncumbrances(9)).toBe('150.00');
    expect(withEncumbrances(21)).toBe('200.00');
  });
});

describe('SandboxCadastre', () => {
  const now = new Date('2026-06-30T10:00:00Z');
  const sandbox = new SandboxCadastre({ now: () => now });

  it('quotes and orders an extract: a real PDF marked as the sandbox, and its XML', async () => {
    const quote = await sandbox.price({ territoryCode: first, lvNumber: '17' });
    expect(quote).toEqual({ price: expect.stringMatching(/^\d+\.00$/), externalId: sandboxExternalId(first, '17'), territoryCode: first, lvNumber: '17' });
    const extract = await sandbox.order({ territoryCode: first, lvNumber: '17' });
    expect(extract).toMatchObject({ price: quote.price, externalId: quote.externalId, territoryCode: first, lvNumber: '17', asOf: now });
    expect(extract.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(extract.pdf.length).toBeGreaterThan(5_000);
    expect(parseExtract(extract.xml)).toEqual(sandboxExtractData(first, '17', now));
    // The external id alone finds the same LV.
    expect(await sandbox.price({ externalId: quote.externalId! })).toEqual(quote);
    const byId = await sandbox.order({ externalId: quote.externalId!, asOf: now });
    expect(byId.xml.equals(extract.xml)).toBe(true);
  });

  it('knows no other territory, no LV above 5000 ending in 0 and no made-up external id', async () => {
    const unknownTerritory = await failure(sandbox.price({ territoryCode: '999999', lvNumber: '1' }));
    expect(unknownTerritory).toMatchObject({ kind: 'NOT_FOUND', message: 'Katastrální území s tímto kódem neznáme.' });
    expect(unknownTerritory.message).toBe(realtyMessages.unknownTerritory);
    for (const lvNumber of ['5010', '99990', '0', 'abc']) {
      expect(await failure(sandbox.order({ territoryCode: first, lvNumber })), lvNumber).toMatchObject({ kind: 'NOT_FOUND', message: 'Katastr takový list vlastnictví nevede.' });
    }
    expect(await sandbox.price({ territoryCode: first, lvNumber: '5011' })).toMatchObject({ lvNumber: '5011' });
    expect(await failure(sandbox.price({ externalId: '12345' }))).toMatchObject({ kind: 'NOT_FOUND', message: realtyMessages.lvNotFound });
    expect(await failure(sandbox.price({ externalId: sandboxExternalId('999999', '1') }))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await failure(sandbox.price({ externalId: sandboxExternalId(first, '5020') }))).toMatchObject({ kind: 'NOT_FOUND' });
  });

  it('generates its codebook in well under 200 ms', async () => {
    vi.resetModules();
    const fresh = await import('./sandbox-cadastre.ts');
    const started = performance.now();
    expect(fresh.sandboxTerritories()).toHaveLength(13_000);
    expect(performance.now() - started).toBeLessThan(200);
    expect(fresh.sandboxTerritories()).toEqual(territories);
  });
});

describe('cadastreFor', () => {
  it('is the sandbox by default and WSDP when configured, one per configuration', () => {
    const config = loadConfig({}, '/srv');
    const cadastre = cadastreFor({ config });
    expect(cadastre).toBeInstanceOf(SandboxCadastre);
    expect(cadastre.name).toBe('sandbox');
    expect(cadastreFor({ config })).toBe(cadastre);
    const wsdp = cadastreFor({ config: loadConfig({ CADASTRE_PROVIDER: 'wsdp', WSDP_USERNAME: 'WSUVER01', WSDP_PASSWORD: 'tajne' }, '/srv') });
    expect(wsdp).toBeInstanceOf(WsdpCadastre);
    expect(wsdp.name).toBe('wsdp');
  });
});
