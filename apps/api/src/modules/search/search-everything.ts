import { czechDay, DealState, DealType, dealListQuery, personListQuery, type SearchHit, type SearchQuery, type SearchResponse } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { getDeal } from '../deals/get-deal.ts';
import { listDeals } from '../deals/list-deals.ts';
import { listPersons } from '../persons/list-persons.ts';

const SHOWN = 5;

/** "415", "#415": a deal's number. */
const dealNumber = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

/**
 * GET /search/?q= (the header's search, our addition): a deal by its number, deals by contract
 * number, variable symbol or a participant's name, persons by name, birth number, IČO, e-mail or
 * phone — the deals and persons lists' own searches (one rule each), a few of each. `only` names
 * the one thing found, so the back-office goes straight to it.
 */
export async function searchEverything(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: SearchQuery): Promise<SearchResponse> {
  const q = input.q;
  const number = dealNumber(q);
  const [byNumber, deals, persons] = await Promise.all([
    number !== null ? getDeal(deps, actor, { id: number, expand: [] }).catch(() => null) : null,
    listDeals(deps, actor, dealListQuery.parse({ search: q, page_size: String(SHOWN) })),
    listPersons(deps, actor, personListQuery.parse({ search: q, page_size: String(SHOWN) })),
  ]);
  const dealHit = (d: { id: number; contract_number: string | null; state: DealState; type: DealType; borrower?: { name: string } | null }): SearchHit => ({
    kind: 'DEAL',
    id: d.id,
    label: `Obchod #${d.id}${d.contract_number ? ` · ${d.contract_number}` : ''}`,
    detail: [d.borrower?.name, DealType.labels[d.type], DealState.labels[d.state]].filter(Boolean).join(' · '),
  });
  const dealHits = [...(byNumber ? [dealHit(byNumber)] : []), ...deals.results.filter((d) => d.id !== byNumber?.id).map(dealHit)].slice(0, SHOWN);
  const personHits: SearchHit[] = persons.results.map((p) => ({
    kind: 'PERSON',
    id: p.id,
    label: p.name || `Osoba č. ${p.id}`,
    detail: [p.birth_date ? `nar. ${czechDay(p.birth_date)}` : null, p.company_id ? `IČO ${p.company_id}` : null, p.email].filter(Boolean).join(' · '),
  }));
  const all = [...dealHits, ...personHits];
  // A deal's number is exact: it wins over names that merely contain the digits.
  const only = byNumber ? dealHits[0]! : all.length === 1 && deals.count + persons.count === 1 ? all[0]! : null;
  return { deals: dealHits, persons: personHits, more_deals: deals.count > deals.results.length, more_persons: persons.count > persons.results.length, only };
}
