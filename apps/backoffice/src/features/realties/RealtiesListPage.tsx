import { RealtyType, realtyMessages, type RealtyView } from '@lending/contracts';
import { Link } from 'react-router-dom';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  FilterBar,
  formatDate,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TextField,
} from '@lending/ui';
import { CadastralLocationPicker, cadastralLocationLabel, useCadastralLocation } from '../../shared/ui/CadastralLocationPicker';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { useRealtyList } from './api';
import { AlertsBadge, decimalInput, groupName, ltvText, RealtiesTabs, realtyAddress, realtyTypeLabel } from './realty-format';
import './realties.css';

// "Nemovitosti" (issue 25 §4): every realty the lender records, with the groups that hold it and
// their loan-to-value, its title deed and the open alerts of the cadastre's watch.

export const REALTY_FILTER_KEYS = ['search', 'type', 'cadastral_area_code', 'deal', 'ltv_min', 'ltv_max'] as const;
const LIST_KEYS = [...REALTY_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof REALTY_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  type: 'Druh nemovitosti',
  cadastral_area_code: 'Katastrální území',
  deal: 'Číslo obchodu',
  ltv_min: 'LTV od (%)',
  ltv_max: 'LTV do (%)',
};

const DEAL_ID = /^[1-9]\d{0,9}$/;
const LTV = /^\d{1,4}(\.\d{1,2})?$/;

const columns: Column<RealtyView>[] = [
  {
    key: 'address',
    header: 'Adresa',
    sortKey: 'city',
    rowHeader: true,
    render: (r) => <Link to={`/realties/${r.id}`}>{realtyAddress(r)}</Link>,
  },
  { key: 'type', header: 'Druh', sortKey: 'type', render: (r) => realtyTypeLabel(r.type) },
  {
    key: 'territory',
    header: 'Katastrální území a LV',
    sortKey: 'cadastral_area_name',
    render: (r) =>
      r.cadastral_area_name || r.cadastral_area_code || r.lv_number ? (
        <>
          {r.cadastral_area_name ?? r.cadastral_area_code ?? EMPTY_VALUE}
          {r.lv_number && (
            <>
              <br />
              <span className="cell-note">LV {r.lv_number}</span>
            </>
          )}
        </>
      ) : (
        EMPTY_VALUE
      ),
  },
  {
    key: 'groups',
    header: 'Skupiny a LTV',
    sortKey: 'ltv',
    render: (r) =>
      r.groups.length ? (
        <ul className="plain-list">
          {r.groups.map((g) => (
            <li key={g.id}>
              <Link to={`/realty-groups/${g.id}`}>{groupName(g)}</Link> <span className="cell-note">{ltvText(g.ltv)}</span>
            </li>
          ))}
        </ul>
      ) : (
        'Bez skupiny'
      ),
  },
  {
    key: 'title_deed',
    header: 'List vlastnictví',
    render: (r) =>
      r.title_deed ? (
        <Link to={`/title-deeds/${r.title_deed.id}`}>
          Výpis{r.title_deed.downloaded_at ? ` z ${formatDate(r.title_deed.downloaded_at)}` : ''}
          <span className="visually-hidden"> pro {realtyAddress(r)}</span>
        </Link>
      ) : (
        'Bez výpisu'
      ),
  },
  { key: 'alerts', header: 'Upozornění', render: (r) => (r.open_alerts > 0 ? <AlertsBadge count={r.open_alerts} /> : 'Žádná') },
];

function chipValue(key: FilterKey, value: string, territory: string | null): string {
  switch (key) {
    case 'type':
      return RealtyType.labels[value as RealtyType] ?? value;
    case 'cadastral_area_code':
      return territory ?? value;
    case 'ltv_min':
    case 'ltv_max':
      return `${value.replace('.', ',')} %`;
    default:
      return value;
  }
}

export function RealtiesListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || 'id';
  const query: Record<string, string | number> = {};
  for (const key of REALTY_FILTER_KEYS) if (values[key]) query[key] = values[key];
  if (values.ordering) query.ordering = values.ordering;
  const list = useRealtyList({ ...query, page, page_size: pageSize });
  const territory = useCadastralLocation(values.cadastral_area_code);
  const chips = REALTY_FILTER_KEYS.filter((key) => values[key]).map((key) => ({
    key,
    label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key], territory ? cadastralLocationLabel(territory) : null)}`,
  }));

  return (
    <>
      <PageHeader title="Nemovitosti" />
      <RealtiesTabs />
      <RealtyFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'nemovitost', 'nemovitosti', 'nemovitostí')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{
          caption: 'Seznam nemovitostí',
          error: 'Nemovitosti se nepodařilo načíst.',
          loading: 'Načítám nemovitosti…',
          empty: 'Žádné nemovitosti neodpovídají filtru.',
          pagination: 'Stránkování nemovitostí',
        }}
      />
    </>
  );
}

function RealtyFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, errors, setErrors, bind } = useFilterDraft(REALTY_FILTER_KEYS, initial, FILTER_LABELS);
  const more: readonly FilterKey[] = ['deal', 'ltv_min', 'ltv_max'];
  return (
    <FilterBar
      label="Filtr nemovitostí"
      moreActive={more.filter((key) => initial[key]).length}
      moreOpen={Object.keys(errors).length > 0}
      onSubmit={() => {
        const cleaned = Object.fromEntries(REALTY_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
        cleaned.ltv_min = cleaned.ltv_min && decimalInput(cleaned.ltv_min);
        cleaned.ltv_max = cleaned.ltv_max && decimalInput(cleaned.ltv_max);
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.deal && !DEAL_ID.test(cleaned.deal)) found.deal = 'Zadejte číslo obchodu (kladné celé číslo).';
        if (cleaned.ltv_min && !LTV.test(cleaned.ltv_min)) found.ltv_min = realtyMessages.ltv;
        if (cleaned.ltv_max && !LTV.test(cleaned.ltv_max)) found.ltv_max = realtyMessages.ltv;
        if (!found.ltv_min && !found.ltv_max && cleaned.ltv_min && cleaned.ltv_max && Number(cleaned.ltv_min) > Number(cleaned.ltv_max)) found.ltv_max = realtyMessages.ltvRange;
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(REALTY_FILTER_KEYS.map((key) => [key, null])))}
      more={
        <>
          <TextField {...bind('deal')} inputMode="numeric" />
          <TextField {...bind('ltv_min')} inputMode="decimal" />
          <TextField {...bind('ltv_max')} inputMode="decimal" />
        </>
      }
    >
      <TextField {...bind('search')} hint="Adresa, číslo LV nebo katastrální území" type="search" className="filter-bar__wide" />
      <SelectField {...bind('type')} options={enumOptions(RealtyType)} placeholder="Všechny" />
      <CadastralLocationPicker {...bind('cadastral_area_code')} emptyLabel="Všechna" />
    </FilterBar>
  );
}
