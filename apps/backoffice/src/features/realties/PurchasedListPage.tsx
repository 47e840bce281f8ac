import { PurchasedPropertyState, type PurchasedPropertyView } from '@lending/contracts';
import { Link } from 'react-router-dom';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  FilterBar,
  formatDate,
  formatMoney,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TextField,
  YesNoAnyField,
} from '@lending/ui';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { useHolds, usePurchasedList } from './api';
import { dealStateLabel, PurchasedStateBadge, RealtiesTabs, realtyAddress, realtyTypeLabel } from './realty-format';
import './realties.css';

// "Koupené nemovitosti" (issue 25 §4): realties the lender acquired (from a defaulted deal or
// bought), from acquisition through ownership to the sale.

export const PURCHASED_FILTER_KEYS = ['search', 'state', 'active_deal'] as const;
const LIST_KEYS = [...PURCHASED_FILTER_KEYS, 'page', 'page_size'] as const;
type FilterKey = (typeof PURCHASED_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  state: 'Stav',
  active_deal: 'Obchod ve splácení',
};

const columns: Column<PurchasedPropertyView>[] = [
  {
    key: 'realty',
    header: 'Nemovitost',
    rowHeader: true,
    render: (p) => (
      <>
        <Link to={`/realties/purchased/${p.id}`}>{realtyAddress(p.realty)}</Link>
        <br />
        <span className="cell-note">{realtyTypeLabel(p.realty.type)}</span>
      </>
    ),
  },
  { key: 'state', header: 'Stav', render: (p) => <PurchasedStateBadge state={p.state} /> },
  {
    key: 'deal',
    header: 'Obchod',
    render: (p) =>
      p.deal ? (
        <>
          <Link to={`/deals/${p.deal.id}`}>Obchod #{p.deal.id}</Link>
          <br />
          <span className="cell-note">
            {dealStateLabel(p.deal.state)}
            {p.deal.person_name ? `, ${p.deal.person_name}` : ''}
          </span>
        </>
      ) : (
        EMPTY_VALUE
      ),
  },
  { key: 'purchase', header: 'Kupní cena', numeric: true, render: (p) => formatMoney(p.purchase_price) },
  { key: 'purchased_on', header: 'Nabyto', render: (p) => formatDate(p.purchased_on) },
  { key: 'sale', header: 'Prodejní cena', numeric: true, render: (p) => formatMoney(p.sale_price) },
  { key: 'sold_on', header: 'Prodáno', render: (p) => formatDate(p.sold_on) },
];

function chipValue(key: FilterKey, value: string): string {
  if (key === 'state') return PurchasedPropertyState.labels[value as PurchasedPropertyState] ?? value;
  if (key === 'active_deal') return value === 'true' ? 'Ano' : 'Ne';
  return value;
}

export function PurchasedListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const query: Record<string, string | number> = {};
  for (const key of PURCHASED_FILTER_KEYS) if (values[key]) query[key] = values[key];
  const list = usePurchasedList({ ...query, page, page_size: pageSize });
  const holds = useHolds();
  const chips = PURCHASED_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));

  return (
    <>
      <PageHeader
        title="Koupené nemovitosti"
        actions={
          holds('realties.write') && (
            <Link className="button" to="/realties/purchased/new">
              Přidat koupenou nemovitost
            </Link>
          )
        }
      />
      <RealtiesTabs />
      <PurchasedFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'koupená nemovitost', 'koupené nemovitosti', 'koupených nemovitostí')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(p) => p.id}
        ordering=""
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{
          caption: 'Seznam koupených nemovitostí',
          error: 'Koupené nemovitosti se nepodařilo načíst.',
          loading: 'Načítám koupené nemovitosti…',
          empty: 'Žádné koupené nemovitosti neodpovídají filtru.',
          pagination: 'Stránkování koupených nemovitostí',
        }}
      />
    </>
  );
}

function PurchasedFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, bind } = useFilterDraft(PURCHASED_FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr koupených nemovitostí"
      onSubmit={() => onApply(Object.fromEntries(PURCHASED_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters)}
      onReset={() => onApply(Object.fromEntries(PURCHASED_FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField {...bind('search')} hint="Adresa, číslo LV, číslo obchodu nebo poznámka" type="search" className="filter-bar__wide" />
      <SelectField {...bind('state')} options={enumOptions(PurchasedPropertyState)} placeholder="Všechny" />
      <YesNoAnyField {...bind('active_deal')} hint="Obchod je aktivní nebo v prodlení" />
    </FilterBar>
  );
}
