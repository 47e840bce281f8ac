import { foldForSearch } from '../normalize.ts';
import { COMMON_STREETS, REGIONS, TOWNS, type Town } from './czech-towns.ts';

/** One address of the bundled list, as stored in `addresses`. */
export interface BundledAddress {
  wholeAddress: string;
  street: string | null;
  number: string;
  zip: string;
  city: string;
  cityPart: string | null;
  district: string;
  region: string;
  searchText: string;
}

const STREETS_PER_SIZE = { 1: 0, 2: 10, 3: 16, 4: 28, 5: 36 } as const;
const VILLAGE_HOUSES = 40;

/** mulberry32: a tiny seeded generator, so every machine builds the very same list. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The text searched by trigrams: the folded whole address, then " | " and the folded parts
 * (street first, so every word of the address also follows a space; the ZIP also without its
 * space). `split_part(search_text, ' | ', 1)` is the whole address alone, for ranking.
 */
export function buildSearchText(a: Omit<BundledAddress, 'searchText'>): string {
  const parts = [a.street ?? '', a.number, a.zip, a.zip.replace(/\s/g, ''), a.cityPart ?? '', a.city, a.district, a.region];
  return `${foldForSearch(a.wholeAddress)} | ${foldForSearch(parts.join(' '))}`;
}

function address(town: Town, street: string | null, number: string): BundledAddress {
  const place = town.part ?? town.city;
  const base = {
    wholeAddress: `${street ?? town.city} ${number}, ${town.zip} ${place}`,
    street,
    number,
    zip: town.zip,
    city: town.city,
    cityPart: town.part ?? null,
    district: town.district,
    region: REGIONS[town.region],
  };
  return { ...base, searchText: buildSearchText(base) };
}

/** The streets of a town: its well-known ones, then common names picked for it. */
function streetsOf(town: Town, random: () => number): string[] {
  const wanted = STREETS_PER_SIZE[town.size];
  const streets = [...(town.streets ?? [])];
  const pool = COMMON_STREETS.filter((s) => !streets.includes(s));
  while (streets.length < wanted && pool.length > 0) {
    streets.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return streets;
}

/**
 * The bundled Czech address list (about 13,000 addresses), generated deterministically from
 * the towns and street names above. Towns and cities number their houses "číslo popisné /
 * číslo orientační" (1234/5, orientační counting up along the street); small towns and
 * villages use the číslo popisné alone.
 */
export function generateCzechAddresses(): BundledAddress[] {
  const random = seededRandom(20_261_122);
  const out: BundledAddress[] = [];
  for (const town of TOWNS) {
    if (town.size === 1) {
      const used = new Set<number>();
      while (used.size < VILLAGE_HOUSES) used.add(1 + Math.floor(random() * 420));
      for (const cp of [...used].sort((a, b) => a - b)) out.push(address(town, null, String(cp)));
      continue;
    }
    const withOrientation = town.size >= 3;
    const maxPopisne = town.size >= 4 ? 4999 : town.size === 3 ? 2999 : 1499;
    for (const street of streetsOf(town, random)) {
      // The well-known streets of the cities are long: at least a dozen houses each.
      const known = town.size >= 4 && (town.streets ?? []).includes(street);
      const houses = known ? 12 + Math.floor(random() * 10) : 3 + Math.floor(random() * (town.size >= 4 ? 6 : 4));
      const used = new Set<number>();
      for (let i = 1; i <= houses; i++) {
        let cp = 1 + Math.floor(random() * maxPopisne);
        while (used.has(cp)) cp = 1 + Math.floor(random() * maxPopisne);
        used.add(cp);
        out.push(address(town, street, withOrientation ? `${cp}/${i}` : String(cp)));
      }
    }
  }
  return out;
}
