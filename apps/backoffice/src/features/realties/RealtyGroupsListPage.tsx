import type { RealtyGroup } from '@lending/contracts';
import { Link } from 'react-router-dom';
import { ActiveFilters, type Column, DEFAULT_PAGE_SIZE, FilterBar, formatBoolean, formatDate, formatMoney, pluralize, ResultsAnnouncement, TextField } from '@lending/ui';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { useGroupList } from './api';
import { groupName, ltvText, RealtiesTabs, realtyAddress } from './realty-format';
import './realties.css';

// "Skupiny nemovitostí" (issue 25 §4): every deal's realty groups at the top level
// (GET /realty-group/), with their latest estimation and loan-to-value.

export const GROUP_FILTER_KEYS = ['search', 'deal'] as const;
const LIST_KEYS = [...GROUP_FILTER_KEYS, 'page', 'page_size'] as const;
type FilterKey = (typeof GROUP_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const FILTER_LABELS: Record<FilterKey, string> = { search: 'Vyhledat', deal: 'Číslo obchodu' };
const DEAL_ID = /^[1-9]\d{0,9}$/;

const columns: Column<RealtyGroup>[] = [
  { key: 'name', header: 'Skupina', rowHeader: true, render: (g) => <Link to={`/realty-groups/${g.id}`}>{groupName(g)}</Link> },
  { key: 'deal', header: 'Obchod', render: (g) => <Link to={`/deals/${g.deal_id}`}>Obchod #{g.deal_id}</Link> },
  { key: 'mortgage', header: 'Zástava', render: (g) => formatBoolean(g.mortgage) },
  { key: 'realties', header: 'Nemovitosti', render: (g) => g.realties.map((r) => realtyAddress(r)).join('; ') || 'Bez nemovitostí' },
  {
    key: 'estimation',
    header: 'Poslední odhad',
    numeric: true,
    render: (g) => (g.latest_estimation ? `${formatMoney(g.latest_estimation.value)} (${formatDate(g.latest_estimation.estimated_at)})` : 'Bez odhadu'),
  },
  { key: 'ltv', header: 'LTV', numeric: true, render: (g) => ltvText(g.ltv) },
];

export function RealtyGroupsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const query: Record<string, string | number> = {};
  for (const key of GROUP_FILTER_KEYS) if (values[key]) query[key] = values[key];
  const list = useGroupList({ ...query, page, page_size: pageSize });
  const chips = GROUP_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${values[key]}` }));
  return (
    <>
      <PageHeader title="Skupiny nemovitostí" />
      <RealtiesTabs />
      <GroupFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'skupina', 'skupiny', 'skupin')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(g) => g.id}
        ordering=""
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{
          caption: 'Seznam skupin nemovitostí',
          error: 'Skupiny nemovitostí se nepodařilo načíst.',
          loading: 'Načítám skupiny nemovitostí…',
          empty: 'Žádné skupiny nemovitostí neodpovídají filtru.',
          pagination: 'Stránkování skupin nemovitostí',
        }}
      />
    </>
  );
}

function GroupFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, setErrors, bind } = useFilterDraft(GROUP_FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr skupin nemovitostí"
      onSubmit={() => {
        const cleaned = Object.fromEntries(GROUP_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.deal && !DEAL_ID.test(cleaned.deal)) found.deal = 'Zadejte číslo obchodu (kladné celé číslo).';
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(GROUP_FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField {...bind('search')} hint="Název skupiny, číslo obchodu, adresa nebo LV nemovitosti" type="search" className="filter-bar__wide" />
      <TextField {...bind('deal')} inputMode="numeric" />
    </FilterBar>
  );
}
