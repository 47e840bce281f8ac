import { realtyMessages, type TitleDeedListItem } from '@lending/contracts';
import { Link } from 'react-router-dom';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  FilterBar,
  formatMoney,
  formatOptionalDateTime,
  pluralize,
  ResultsAnnouncement,
  StatusBadge,
  TextField,
} from '@lending/ui';
import { CadastralLocationPicker, cadastralLocationLabel, useCadastralLocation } from '../../shared/ui/CadastralLocationPicker';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { useHolds, useTitleDeedList } from './api';
import { deedName } from './title-deed-format';
import './title-deeds.css';

// "Listy vlastnictví" (issue 25 §4): the extracts ordered from the cadastre, by territory and
// LV number; a new one is ordered on its own screen (it costs money).

export const DEED_FILTER_KEYS = ['cadastral_number', 'lv_number', 'search'] as const;
const LIST_KEYS = [...DEED_FILTER_KEYS, 'page', 'page_size'] as const;
type FilterKey = (typeof DEED_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const FILTER_LABELS: Record<FilterKey, string> = {
  cadastral_number: 'Katastrální území',
  lv_number: 'Číslo LV',
  search: 'Vyhledat',
};

const LV_NUMBER = /^[1-9]\d{0,4}$/;

const columns: Column<TitleDeedListItem>[] = [
  {
    key: 'deed',
    header: 'List vlastnictví',
    rowHeader: true,
    render: (d) => (
      <>
        <Link to={`/title-deeds/${d.id}`}>{deedName(d)}</Link>
        {d.provider === 'sandbox' && (
          <>
            {' '}
            <StatusBadge label="Zkušební" />
          </>
        )}
      </>
    ),
  },
  { key: 'as_of', header: 'Stav k', render: (d) => formatOptionalDateTime(d.as_of) },
  { key: 'owners', header: 'Vlastníci', render: (d) => d.owners.join(', ') || EMPTY_VALUE },
  { key: 'encumbrances', header: 'Omezení', numeric: true, render: (d) => (d.encumbrances > 0 ? <StatusBadge label={String(d.encumbrances)} tone="warning" /> : '0') },
  { key: 'downloaded_at', header: 'Staženo', render: (d) => formatOptionalDateTime(d.downloaded_at) },
  { key: 'ordered_by', header: 'Objednal', render: (d) => d.ordered_by?.name ?? EMPTY_VALUE },
  { key: 'price', header: 'Cena', numeric: true, render: (d) => formatMoney(d.price) },
];

export function TitleDeedsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const query: Record<string, string | number> = {};
  for (const key of DEED_FILTER_KEYS) if (values[key]) query[key] = values[key];
  // The spec's title-deed lists page with `page-size` (a hyphen).
  const list = useTitleDeedList({ ...query, page, 'page-size': pageSize });
  const holds = useHolds();
  const territory = useCadastralLocation(values.cadastral_number);
  const chips = DEED_FILTER_KEYS.filter((key) => values[key]).map((key) => ({
    key,
    label: `${FILTER_LABELS[key]}: ${key === 'cadastral_number' && territory ? cadastralLocationLabel(territory) : values[key]}`,
  }));

  return (
    <>
      <PageHeader
        title="Listy vlastnictví"
        actions={
          holds('cadastre.order') && (
            <Link className="button" to="/title-deeds/order">
              Objednat výpis
            </Link>
          )
        }
      />
      <DeedFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'výpis', 'výpisy', 'výpisů')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(d) => d.id}
        ordering=""
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{
          caption: 'Výpisy z listů vlastnictví',
          error: 'Výpisy se nepodařilo načíst.',
          loading: 'Načítám výpisy…',
          empty: 'Žádné výpisy neodpovídají filtru.',
          pagination: 'Stránkování výpisů',
        }}
      />
    </>
  );
}

function DeedFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, setErrors, bind } = useFilterDraft(DEED_FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr výpisů"
      onSubmit={() => {
        const cleaned = Object.fromEntries(DEED_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.lv_number && !LV_NUMBER.test(cleaned.lv_number)) found.lv_number = realtyMessages.lvNumber;
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(DEED_FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField {...bind('search')} hint="Vlastník, katastrální území nebo číslo LV" type="search" className="filter-bar__wide" />
      <CadastralLocationPicker {...bind('cadastral_number')} emptyLabel="Všechna" />
      <TextField {...bind('lv_number')} inputMode="numeric" />
    </FilterBar>
  );
}
