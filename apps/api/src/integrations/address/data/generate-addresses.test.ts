import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../normalize.ts';
import { REGIONS, TOWNS } from './czech-towns.ts';
import { buildSearchText, generateCzechAddresses } from './generate-addresses.ts';

describe('the generated Czech address list', () => {
  const addresses = generateCzechAddresses();

  it('is the same on every run and holds well over 5,000 distinct addresses', () => {
    expect(addresses.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(addresses.map((a) => a.wholeAddress)).size).toBe(addresses.length);
    expect(generateCzechAddresses()).toEqual(addresses);
  });

  it('writes addresses the Czech way', () => {
    for (const a of addresses) {
      expect(a.zip).toMatch(/^\d{3} \d{2}$/);
      expect(a.number).toMatch(/^[1-9]\d{0,3}(\/[1-9]\d{0,2})?$/);
      expect(a.wholeAddress).toBe(`${a.street ?? a.city} ${a.number}, ${a.zip} ${a.cityPart ?? a.city}`);
      expect(Object.values(REGIONS)).toContain(a.region);
      expect(a.searchText).toBe(buildSearchText(a));
    }
    expect(addresses).toContainEqual(expect.objectContaining({ wholeAddress: expect.stringMatching(/^Národní \d+\/1, 110 00 Praha 1$/) }));
    expect(addresses.some((a) => a.street === null && a.city === 'Pec pod Sněžkou')).toBe(true);
  });

  it('keeps one district and region per town, and ZIPs of the right area', () => {
    const byTown = new Map<string, string>();
    for (const t of TOWNS) {
      const key = t.part ?? t.city;
      expect(byTown.has(key), key).toBe(false);
      byTown.set(key, `${t.district}|${t.region}`);
    }
    // Czech postcodes start by area: 1 Prague, 2 Central Bohemia, 3 South and West Bohemia, 4 North Bohemia,
    // 5 East Bohemia, 6 South Moravia, 7 North Moravia (plus parts of Vysočina and Bohemia in 3, 5 and 6).
    const firstDigits: Record<keyof typeof REGIONS, string> = {
      PHA: '1', STC: '2', JHC: '3', PLK: '3', KVK: '3', ULK: '4', LBK: '45', HKK: '5', PAK: '5', VYS: '356', JHM: '6', OLK: '7', ZLK: '67', MSK: '7',
    };
    for (const t of TOWNS) expect(firstDigits[t.region], `${t.city} ${t.zip}`).toContain(t.zip[0]);
  });

  it('searches lower-case ASCII without diacritics', () => {
    expect(foldForSearch('Náměstí Míru 1234/5, 602 00 Brno-Střed')).toBe('namesti miru 1234 5 602 00 brno stred');
    expect(foldForSearch('  ŽLUŤOUČKÝ kůň ')).toBe('zlutoucky kun');
    for (const a of addresses.slice(0, 500)) expect(a.searchText).toMatch(/^[a-z0-9 ]+ \| [a-z0-9 ]+$/);
  });
});
