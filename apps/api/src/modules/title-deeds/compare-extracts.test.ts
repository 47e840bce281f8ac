import { describe, expect, it } from 'vitest';
import type { TitleDeedExtract } from '@lending/contracts';
import { collateralAlerts, compareExtracts } from './compare-extracts.ts';

// Known answers written by hand: two extracts of one LV and what a lender must hear of.

const base: TitleDeedExtract = {
  cadastral_location_code: '610372',
  cadastral_location_name: 'Žabovřesky',
  lv_number: '1234',
  as_of: '2026-06-01T00:00:00.000Z',
  owners: [
    { name: 'Jan Novák', birth_number: '8001011237', company_id: null, address: 'Kounicova 12, Brno', kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: 1, share_denominator: 1 },
    { name: 'Eva Nováková', birth_number: '8551011235', company_id: null, address: 'Kounicova 12, Brno', kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: 1, share_denominator: 1 },
  ],
  parcels: [{ number: '1520/3', area: 412, land_type: 'zastavěná plocha a nádvoří', usage: null }],
  buildings: [{ house_number: '1785', part_of_municipality: 'Žabovřesky', usage: 'bytový dům', on_parcel: '1520/3' }],
  units: [{ number: '1785/12', usage: 'byt', share: '6530/98450' }],
  encumbrances: [
    { type: 'PLEDGE', description: 'Zástavní právo smluvní', beneficiary: 'Půjčka online s.r.o.', burdened: null, amount: '1500000.00', document: 'V-12345/2024-702', since: '2024-03-01' },
  ],
};

const withEncumbrance = (e: TitleDeedExtract['encumbrances'][number]): TitleDeedExtract => ({ ...base, as_of: '2026-11-01T00:00:00.000Z', encumbrances: [...base.encumbrances, e] });

describe('compareExtracts', () => {
  it('finds nothing between an extract and itself at a later date', () => {
    expect(compareExtracts(base, { ...base, as_of: '2026-11-01T00:00:00.000Z' })).toEqual([]);
    expect(collateralAlerts(base, { ...base, as_of: '2026-11-01T00:00:00.000Z' }, 'Půjčka online s.r.o.')).toEqual([]);
  });

  it('names what was added and removed', () => {
    const next: TitleDeedExtract = {
      ...base,
      owners: [{ ...base.owners[0]!, kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 1 }],
      encumbrances: [],
      units: [...base.units, { number: '1785/13', usage: 'ateliér', share: '2000/98450' }],
    };
    expect(compareExtracts(base, next)).toEqual([
      { kind: 'ADDED', part: 'OWNER', text: 'Vlastník Jan Novák, podíl celek' },
      { kind: 'ADDED', part: 'UNIT', text: 'Jednotka 1785/13, ateliér' },
      { kind: 'REMOVED', part: 'OWNER', text: 'SJM Jan Novák, podíl celek' },
      { kind: 'REMOVED', part: 'OWNER', text: 'SJM Eva Nováková, podíl celek' },
      { kind: 'REMOVED', part: 'ENCUMBRANCE', text: 'Zástavní právo: Zástavní právo smluvní (pro Půjčka online s.r.o.), V-12345/2024-702' },
    ]);
  });
});

describe('collateralAlerts', () => {
  it('a new distraint is one alert', () => {
    const next = withEncumbrance({ type: 'DISTRAINT', description: 'Exekuční příkaz k prodeji nemovitosti', beneficiary: 'JUDr. Petr Král, soudní exekutor', burdened: 'Jan Novák', amount: null, document: '120 EX 4567/25', since: '2026-10-12' });
    expect(collateralAlerts(base, next, 'Půjčka online s.r.o.')).toEqual([
      { kind: 'DISTRAINT', description: 'Exekuce: Exekuční příkaz k prodeji nemovitosti (pro JUDr. Petr Král, soudní exekutor), 120 EX 4567/25' },
    ]);
  });

  it('another pledge alerts, the lender’s own does not; an insolvency note and an easement alert by kind', () => {
    const theirs = withEncumbrance({ type: 'PLEDGE', description: 'Zástavní právo smluvní', beneficiary: 'Česká spořitelna, a.s.', burdened: null, amount: '300000.00', document: 'V-777/2026-702', since: '2026-09-01' });
    expect(collateralAlerts(base, theirs, 'Půjčka online s.r.o.').map((a) => a.kind)).toEqual(['PLEDGE']);
    const ours = withEncumbrance({ type: 'PLEDGE', description: 'Zástavní právo smluvní', beneficiary: 'PŮJČKA ONLINE S.R.O. ', burdened: null, amount: '200000.00', document: 'V-778/2026-702', since: '2026-09-01' });
    expect(collateralAlerts(base, ours, 'Půjčka online s.r.o.')).toEqual([]);
    const insolvency = withEncumbrance({ type: 'INSOLVENCY', description: 'Zahájení insolvenčního řízení', beneficiary: 'Krajský soud v Brně', burdened: 'Jan Novák', amount: null, document: 'KSBR 27 INS 1234/2026', since: '2026-10-01' });
    expect(collateralAlerts(base, insolvency, 'Půjčka online s.r.o.').map((a) => a.kind)).toEqual(['INSOLVENCY']);
    const easement = withEncumbrance({ type: 'EASEMENT', description: 'Věcné břemeno chůze a jízdy', beneficiary: 'Obec', burdened: null, amount: null, document: null, since: '2026-10-01' });
    expect(collateralAlerts(base, easement, 'Půjčka online s.r.o.').map((a) => a.kind)).toEqual(['OTHER_ENCUMBRANCE']);
  });

  it('a change of owner is one alert however many owners changed; a removed encumbrance none', () => {
    const sold: TitleDeedExtract = { ...base, owners: [{ name: 'Karel Dvořák', birth_number: '7502021234', company_id: null, address: null, kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 1 }], encumbrances: [] };
    expect(collateralAlerts(base, sold, 'Půjčka online s.r.o.')).toEqual([
      { kind: 'OWNER_CHANGE', description: 'Vlastníci: Karel Dvořák (celek); dříve Jan Novák (celek), Eva Nováková (celek).' },
    ]);
  });
});
