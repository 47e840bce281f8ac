import type { DealType, LeadListItem, LeadSource, LeadState } from '@lending/contracts';
import { searchWords } from '../persons/person-search.ts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { leadListInclude, leadListItemOf } from './lead-views.ts';

export type LeadOrderingField = 'id' | 'created_at' | 'updated_at' | 'value' | 'state';

export interface LeadListQuery extends PageQuery, LeadFilters {}

/** The filters and ordering of the list (and of its export). */
export interface LeadFilters {
  ordering: { field: LeadOrderingField; direction: 'asc' | 'desc' }[];
  person?: number;
  state?: LeadState[];
  source?: LeadSource;
  deal_type?: DealType;
  search?: string;
  created_from?: Date;
  created_to?: Date;
}

const DAY = 86_400_000;
const MAX_INT = 2_147_483_647;

/**
 * Lead id, or the person as the persons list searches them (every word begins a word of the
 * name, company, e-mail, phone, birth number or IČO; diacritics and case do not matter), over
 * the same trigram-indexed search_text.
 */
function searchWhere(term: string): Prisma.LeadWhereInput {
  const digits = term.replace(/\D/g, '');
  const words = searchWords(term);
  return {
    OR: [
      ...(/^#?\d+$/.test(term) && Number(digits) <= MAX_INT ? [{ id: Number(digits) }] : []),
      ...(words.length ? [{ person: { AND: words.map((word) => ({ searchText: { contains: ` ${word}` } })) } }] : []),
    ],
  };
}

export function leadOrderBy(ordering: LeadFilters['ordering']): Prisma.LeadOrderByWithRelationInput[] {
  const entries: Prisma.LeadOrderByWithRelationInput[] = ordering.map(({ field, direction }) => {
    switch (field) {
      case 'id':
        return { id: direction };
      case 'created_at':
        return { createdAt: direction };
      case 'updated_at':
        return { updatedAt: direction };
      case 'value':
        // Leads without an amount (contact-only pushes) go last either way.
        return { value: { sort: direction, nulls: 'last' } };
      case 'state':
        return { state: direction };
    }
  });
  return [...entries, { id: 'desc' }];
}

/**
 * GET /leads/: the spec's `person`, `ordering`, `page`, `page_size`, and our back-office filters
 * `state` (several), `source`, `deal_type`, `search`, `created_from`/`created_to` (inclusive days).
 */
export function leadWhere(query: LeadFilters): Prisma.LeadWhereInput {
  return {
    personId: query.person,
    state: query.state?.length ? { in: query.state } : undefined,
    source: query.source,
    dealType: query.deal_type,
    createdAt: {
      gte: query.created_from,
      lt: query.created_to ? new Date(query.created_to.getTime() + DAY) : undefined,
    },
    ...(query.search?.trim() ? searchWhere(query.search.trim()) : {}),
  };
}

export async function listLeads(deps: Pick<Deps, 'prisma'>, query: LeadListQuery, listUrl: string): Promise<Page<LeadListItem>> {
  const where = leadWhere(query);
  return paginate(
    listUrl,
    query,
    () => deps.prisma.lead.count({ where }),
    async ({ skip, take }) => {
      const leads = await deps.prisma.lead.findMany({ where, include: leadListInclude, orderBy: leadOrderBy(query.ordering), skip, take });
      return leads.map(leadListItemOf);
    },
  );
}
