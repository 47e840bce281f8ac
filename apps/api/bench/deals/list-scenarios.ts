import { DEFAULT_PAGE_SIZE } from '@lending/contracts';
import type { GeneratedDeals } from './generate-deals.ts';
import type { GeneratedRealties } from './generate-realties.ts';

/** What the generators made, for the scenarios' paths. */
export type BenchData = GeneratedDeals & GeneratedRealties;

/**
 * A list call bench:deals times: `path` (with its query) is called one request after another by
 * an ADMIN, after warm-up, and its p50/p95 are printed against the 50 ms p95 target. A function
 * gets the generated data (sample contract numbers, variable symbols, surnames, secured deals,
 * extracts…) and a seeded random.
 */
export interface ListScenario {
  name: string;
  path: string | ((data: BenchData, random: () => number) => string);
  /** A path's own target (default: the lists' 50 ms: slower ones, or the picker's 30 ms), and fewer requests to measure a slow one. */
  targetP95Ms?: number;
  runs?: number;
}

const pick = <T>(list: readonly T[], random: () => number) => list[Math.floor(random() * list.length)]!;
const dealId = (data: GeneratedDeals, random: () => number) => 1 + Math.floor(random() * data.deals);
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const deals = (query: string) => `/api/v1/deals/${query ? `?${query}` : ''}`;
const longLvs = (d: BenchData) => {
  const long = d.extracts.filter((e) => e.lv.length >= 3);
  return long.length ? long : d.extracts;
};
const realties = (query: string) => `/api/v1/realties/${query ? `?${query}` : ''}`;
const titleDeeds = (query: string) => `/api/v1/title-deeds/?page-size=20${query ? `&${query}` : ''}`;
const cadastralLocations = (search: string) => `/api/v1/title-deeds/cadastral-locations/?search=${encodeURIComponent(search)}`;
// The codebook's search backs a picker typed into: its own target.
const PICKER_TARGET_P95_MS = 30;

// GET /api/v1/deals/ with each filter of backoffice.md §3 (docs/decisions/0022), the default page,
// a deep page and the orderings staff sort by. The values hit what the generator made: external
// ids PD-<even id>, contract numbers SML-<7 digits>, variable symbols 1000000000 + 7·id.
export const listScenarios: ListScenario[] = [
  { name: 'deals: default page', path: deals('') },
  // (the last page on a book of fewer than 10,000 deals)
  { name: 'deals: page 500', path: (d) => deals(`page=${Math.min(500, Math.ceil(d.deals / DEFAULT_PAGE_SIZE))}`) },
  { name: 'deals: abp=true', path: deals('abp=true') },
  { name: 'deals: breach_type=NON_PAYING', path: deals('breach_type=NON_PAYING') },
  { name: 'deals: closed_reason', path: (_, r) => deals(`closed_reason=${pick(['CLOSED_DULY', 'CLOSED_REFINANCED', 'OTHER'], r)}`) },
  { name: 'deals: days_past_due=91+', path: deals('days_past_due=91%2B') },
  { name: 'deals: days_past_due=0', path: deals('days_past_due=0') },
  { name: 'deals: days_past_due=1-30,31-60', path: deals('days_past_due=1-30,31-60') },
  { name: 'deals: external_id (3)', path: (d, r) => deals(`external_id=${[0, 1, 2].map(() => `PD-${2 * Math.ceil(dealId(d, r) / 2)}`).join(',')}`) },
  { name: 'deals: id', path: (d, r) => deals(`id=${dealId(d, r)}`) },
  { name: 'deals: insolvency=true', path: deals('insolvency=true') },
  { name: 'deals: liquidated=false', path: deals('liquidated=false') },
  { name: 'deals: person', path: (d, r) => deals(`person=${1 + Math.floor(r() * d.persons)}`) },
  { name: 'deals: search name (no diacritics)', path: (d, r) => deals(`search=${encodeURIComponent(ascii(pick(d.surnames, r)).toLowerCase())}`) },
  { name: 'deals: search birth number', path: (d, r) => deals(`search=${encodeURIComponent(pick(d.birthNumbers, r))}`) },
  { name: 'deals: search contract number', path: (d, r) => deals(`search=SML-${String(dealId(d, r)).padStart(7, '0')}`) },
  { name: 'deals: search contract number part', path: (d, r) => deals(`search=${String(dealId(d, r)).padStart(7, '0')}`) },
  { name: 'deals: search variable symbol', path: (d, r) => deals(`search=${1_000_000_000 + 7 * dealId(d, r)}`) },
  { name: 'deals: settings_on', path: deals('settings_on=DISABLE_NON_PAYING_NOTICE') },
  { name: 'deals: settings_off', path: deals('settings_off=DISABLE_NON_PAYING_NOTICE') },
  { name: 'deals: state=ACTIVE', path: deals('state=ACTIVE') },
  { name: 'deals: state=CONTRACT_SIGN', path: deals('state=CONTRACT_SIGN') },
  { name: 'deals: type=LEASE', path: deals('type=LEASE') },
  { name: 'deals: value_from 100000, value_to 200000', path: deals('value_from=100000&value_to=200000') },
  { name: 'deals: value_from 900000', path: deals('value_from=900000') },
  { name: 'deals: value_to 50000', path: deals('value_to=50000') },
  { name: 'deals: ordering=-days_past_due', path: deals('ordering=-days_past_due') },
  { name: 'deals: ordering=value', path: deals('ordering=value') },
  { name: 'deals: ordering=state', path: deals('ordering=state') },
  { name: 'deals: state=ACTIVE, ordering=-value', path: deals('state=ACTIVE&ordering=-value') },
  // Sorting by what deals owe (issue 22 §3) has no index: every matching deal's claims are summed
  // before the page is cut. Measured on its own, with its own target: the whole book, and the
  // collections' case (the deals 91+ days past due, most overdue first).
  { name: 'deals: ordering=-outstanding (whole book)', path: deals('ordering=-outstanding'), targetP95Ms: 5000, runs: 5 },
  { name: 'deals: days_past_due=91+, ordering=-overdue', path: deals('days_past_due=91%2B&ordering=-overdue'), targetP95Ms: 500, runs: 20 },
  { name: 'close-of-business runs: default page', path: '/api/v1/close-of-business/' },
  // The collections desk's queue (docs/decisions/0048): every overdue deal's figures are computed
  // to sort by priority, so it has a target of its own.
  { name: 'collections queue: default page (priority)', path: '/api/v1/collections/queue/', targetP95Ms: 1000, runs: 10 },
  { name: 'collections queue: bucket=91+', path: '/api/v1/collections/queue/?bucket=91%2B', targetP95Ms: 1000, runs: 10 },
  { name: 'collections queue: ordering=-overdue_amount', path: '/api/v1/collections/queue/?ordering=-overdue_amount', targetP95Ms: 1000, runs: 10 },
  // Realties and title deeds (issue 25 §5; generate-realties.ts): GET /realties/ with each
  // filter, GET /title-deeds/ as the backoffice pages it, the codebook's search as typed.
  { name: 'realties: default page', path: realties('') },
  { name: 'realties: deal (a secured one)', path: (d, r) => realties(`deal=${pick(d.securedDeals, r)}`) },
  { name: 'realties: type=FLAT', path: realties('type=FLAT') },
  { name: 'realties: cadastral_area_code (the commonest)', path: (d) => realties(`cadastral_area_code=${d.commonTerritory}`) },
  { name: 'realties: ltv_min=80', path: realties('ltv_min=80') },
  { name: 'realties: ltv 60-80, type=FAMILY_HOUSE', path: realties('ltv_min=60&ltv_max=80&type=FAMILY_HOUSE') },
  { name: 'realties: search street', path: (d, r) => realties(`search=${pick(d.streetFragments, r)}`) },
  // An LV number of 3 digits or more, as a town's are: a shorter one has no trigram to look up,
  // so the address arm of the search reads every realty (and matches every house number with it).
  { name: 'realties: search LV number (3+ digits)', path: (d, r) => realties(`search=${pick(longLvs(d), r).lv}`) },
  { name: 'title deeds: default page (page-size=20)', path: titleDeeds('') },
  { name: 'title deeds: cadastral_number', path: (d, r) => titleDeeds(`cadastral_number=${pick(d.extracts, r).code}`) },
  { name: 'title deeds: lv_number', path: (d, r) => titleDeeds(`lv_number=${pick(d.extracts, r).lv}`) },
  { name: 'title deeds: search owner surname', path: (d, r) => titleDeeds(`search=${encodeURIComponent(ascii(pick(d.surnames, r)).toLowerCase())}`) },
  { name: 'cadastral locations: search=brno', path: cadastralLocations('brno'), targetP95Ms: PICKER_TARGET_P95_MS },
  { name: 'cadastral locations: search=lhota', path: cadastralLocations('lhota'), targetP95Ms: PICKER_TARGET_P95_MS },
  { name: 'cadastral locations: search=nove mesto', path: cadastralLocations('nove mesto'), targetP95Ms: PICKER_TARGET_P95_MS },
  { name: 'cadastral locations: search=6001 (code)', path: cadastralLocations('6001'), targetP95Ms: PICKER_TARGET_P95_MS },
];
