import { BreachType, DEAL_DEFAULT_ORDERING, DealClosedReason, DealState, DealType, DpdBucket, NoticeDisablingSetting, type DealListItem } from '@lending/contracts';
import { typedMoney } from '@lending/contracts/format';
import { splitList } from '@lending/api-client';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActiveFilters,
  CheckboxGroup,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  FilterBar,
  formatDate,
  formatMoney,
  MoneyField,
  pluralize,
  ResultsAnnouncement,
  TextField,
  YesNoAnyField,
  yesNoAnyOptions,
} from '@lending/ui';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { dealPaths, useDealList } from './api';
import { BreachBadges, DealStateBadge, DpdBadge } from './deal-badges';

/** Every filter of GET /deals/ (backoffice.md §3), in the order the form shows them. */
export const DEAL_FILTER_KEYS = [
  'search',
  'state',
  'days_past_due',
  'type',
  'breach_type',
  'value_from',
  'value_to',
  'closed_reason',
  'person',
  'id',
  'external_id',
  'abp',
  'insolvency',
  'liquidated',
  'settings_on',
  'settings_off',
] as const;
const LIST_KEYS = [...DEAL_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof DEAL_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  state: 'Stav',
  days_past_due: 'Dní po splatnosti',
  type: 'Typ obchodu',
  breach_type: 'Porušení smlouvy',
  value_from: 'Hodnota od',
  value_to: 'Hodnota do',
  closed_reason: 'Důvod uzavření',
  person: 'ID osoby',
  id: 'ID obchodů',
  external_id: 'Externí ID',
  abp: 'ABP',
  insolvency: 'Insolvence',
  liquidated: 'V likvidaci',
  settings_on: 'Má všechna nastavení',
  settings_off: 'Nemá žádné z nastavení',
};

/** The filters staff use most stay in view; the rest wait behind "Další filtry". */
const COMMON_FILTERS: readonly FilterKey[] = ['search', 'state', 'days_past_due'];

/** The name a row and its link show: the borrower, or plainly none (not the deal's number, which reads like a name). */
function dealTitle(deal: { id: number; borrower: { name: string } | null }): string {
  return deal.borrower?.name || `Bez dlužníka (obchod #${deal.id})`;
}

const columns: Column<DealListItem>[] = [
  { key: 'name', header: 'Dlužník', rowHeader: true, render: (deal) => <Link to={`/deals/${deal.id}`}>{dealTitle(deal)}</Link> },
  { key: 'id', header: 'Číslo', sortKey: 'id', numeric: true, render: (deal) => `#${deal.id}` },
  {
    key: 'contract',
    header: 'Smlouva / VS',
    render: (deal) => (
      <>
        {deal.contract_number ?? EMPTY_VALUE}
        <br />
        <span className="cell-note">VS {deal.variable_symbol ?? EMPTY_VALUE}</span>
      </>
    ),
  },
  // Type and state share a column, so the list fits 1280 px without scrolling.
  {
    key: 'state',
    header: 'Stav / typ',
    sortKey: 'state',
    render: (deal) => (
      <>
        <DealStateBadge state={deal.state} />
        <br />
        <span className="cell-note">{DealType.labels[deal.type]}</span>
      </>
    ),
  },
  { key: 'value', header: 'Hodnota', sortKey: 'value', numeric: true, render: (deal) => formatMoney(deal.value) },
  { key: 'outstanding', header: 'Dluží', sortKey: 'outstanding', numeric: true, render: (deal) => formatMoney(deal.outstanding) },
  { key: 'overdue', header: 'Po splatnosti', sortKey: 'overdue', numeric: true, render: (deal) => formatMoney(deal.overdue) },
  { key: 'dpd', header: 'DPD', sortKey: 'days_past_due', render: (deal) => <DpdBadge days={deal.days_past_due} bucket={deal.dpd_bucket} short /> },
  { key: 'breaches', header: 'Porušení', render: (deal) => (deal.breach_types.length ? <BreachBadges types={deal.breach_types} /> : EMPTY_VALUE) },
  { key: 'created_at', header: 'Založeno', sortKey: 'created_at', render: (deal) => formatDate(deal.created_at) },
];

const BUCKETS = DpdBucket.values as readonly string[];

function labelsOf(list: string, labels: Record<string, string>): string {
  return splitList(list)
    .map((value) => labels[value] ?? value)
    .join(', ');
}

function chipValue(key: FilterKey, value: string): string {
  switch (key) {
    case 'state':
      return labelsOf(value, DealState.labels);
    case 'type':
      return labelsOf(value, DealType.labels);
    case 'breach_type':
      return labelsOf(value, BreachType.labels);
    case 'closed_reason':
      return labelsOf(value, DealClosedReason.labels);
    case 'settings_on':
    case 'settings_off':
      return labelsOf(value, NoticeDisablingSetting.labels);
    case 'days_past_due':
      return splitList(value)
        .map((part) => (BUCKETS.includes(part) ? DpdBucket.labels[part as DpdBucket] : part))
        .join(', ');
    case 'value_from':
    case 'value_to':
      return formatMoney(value);
    case 'abp':
    case 'insolvency':
    case 'liquidated':
      return yesNoAnyOptions.find((o) => o.value === value)?.label ?? value;
    default:
      return value;
  }
}

export function DealsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEAL_DEFAULT_ORDERING;

  const query: Record<string, string | number> = { page, page_size: pageSize, ordering };
  const filters: Record<string, string> = { ordering };
  for (const key of DEAL_FILTER_KEYS) if (values[key]) query[key] = filters[key] = values[key];
  const list = useDealList(dealPaths.list(query));
  const chips = DEAL_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));

  return (
    <>
      <PageHeader title="Obchody" actions={<ExportButtons path={(format) => dealPaths.export(format, filters)} fileName="obchody" />} />
      {/* Keyed by the URL so back/forward (and "Zrušit filtry") refill the form. */}
      <DealFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />

      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'obchod', 'obchody', 'obchodů')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(deal) => deal.id}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{ caption: 'Seznam obchodů', error: 'Obchody se nepodařilo načíst.', loading: 'Načítám obchody…', empty: 'Žádné obchody neodpovídají filtru.', pagination: 'Stránkování obchodů' }}
      />
    </>
  );
}

const ID_LIST = /^\d+(,\d+)*$/;
const DPD_PART = /^\d+(\+|-\d+)?$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/** Haléře of a typed amount ("12500.5" → 1250050n): exact, never through a float. */
function hellers(amount: string): bigint {
  const [crowns = '0', fraction = ''] = amount.split('.');
  return BigInt(crowns) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
}

/** The filter form's checks, with the API's wording where it has one; the form's values cleaned for the URL. */
function checkFilters(draft: Filters): { cleaned: Filters; errors: Partial<Record<FilterKey, string>> } {
  const cleaned = Object.fromEntries(DEAL_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
  for (const key of ['id', 'external_id', 'days_past_due'] as const) {
    cleaned[key] = splitList(cleaned[key].replace(/\s+/g, '')).join(',');
  }
  cleaned.value_from = cleaned.value_from && typedMoney(cleaned.value_from);
  cleaned.value_to = cleaned.value_to && typedMoney(cleaned.value_to);
  const errors: Partial<Record<FilterKey, string>> = {};
  if (cleaned.person && !/^\d+$/.test(cleaned.person)) errors.person = 'Zadejte číslo osoby.';
  if (cleaned.id && !ID_LIST.test(cleaned.id)) errors.id = 'Zadejte čísla obchodů oddělená čárkou, např. 12,15.';
  if (cleaned.days_past_due && !splitList(cleaned.days_past_due).every((part) => DPD_PART.test(part))) {
    errors.days_past_due = 'Zadejte počet dní (např. 30), rozsah (1-30) nebo spodní mez (91+).';
  }
  for (const key of ['value_from', 'value_to'] as const) {
    if (cleaned[key] && !MONEY.test(cleaned[key])) errors[key] = 'Zadejte částku v Kč, např. 150 000 nebo 150 000,50.';
  }
  if (!errors.value_from && !errors.value_to && cleaned.value_from && cleaned.value_to && hellers(cleaned.value_from) > hellers(cleaned.value_to)) {
    errors.value_to = 'Spodní mez částky nesmí být vyšší než horní.';
  }
  return { cleaned, errors };
}

function DealFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(() => Object.fromEntries(DEAL_FILTER_KEYS.map((key) => [key, initial[key]])) as Filters);
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>({});
  const set = (key: FilterKey) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const bind = (key: FilterKey) => ({ id: `${id}-${key}`, label: FILTER_LABELS[key], value: draft[key], onChange: set(key), error: errors[key] });
  const checks = (key: FilterKey, options: { value: string; label: string }[]) => (
    <CheckboxGroup
      id={`${id}-${key}`}
      legend={FILTER_LABELS[key]}
      options={options}
      value={splitList(draft[key])}
      onChange={(chosen) => set(key)(chosen.join(','))}
      className="filter-bar__wide"
    />
  );
  // The bucket boxes change only the buckets: a number or range typed in the field below stays.
  const dpdParts = splitList(draft.days_past_due);
  const moreActive = DEAL_FILTER_KEYS.filter((key) => !COMMON_FILTERS.includes(key) && initial[key]).length;

  return (
    <FilterBar
      label="Filtr obchodů"
      moreActive={moreActive}
      moreOpen={Object.keys(errors).some((key) => !COMMON_FILTERS.includes(key as FilterKey))}
      onSubmit={() => {
        const { cleaned, errors: found } = checkFilters(draft);
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(DEAL_FILTER_KEYS.map((key) => [key, null])))}
      more={
        <>
          {checks('type', enumOptions(DealType))}
          {checks('breach_type', enumOptions(BreachType))}
          <MoneyField {...bind('value_from')} />
          <MoneyField {...bind('value_to')} />
          <TextField {...bind('person')} inputMode="numeric" />
          <TextField {...bind('id')} hint="Čísla oddělená čárkou" />
          <TextField {...bind('external_id')} hint="Oddělená čárkou" />
          <YesNoAnyField {...bind('abp')} />
          <YesNoAnyField {...bind('insolvency')} />
          <YesNoAnyField {...bind('liquidated')} />
          {checks('closed_reason', enumOptions(DealClosedReason))}
          {checks('settings_on', enumOptions(NoticeDisablingSetting))}
          {checks('settings_off', enumOptions(NoticeDisablingSetting))}
        </>
      }
    >
      <TextField {...bind('search')} hint="Jméno dlužníka, rodné číslo, číslo smlouvy nebo variabilní symbol" type="search" className="filter-bar__wide" />
      <CheckboxGroup
        id={`${id}-state`}
        legend={FILTER_LABELS.state}
        options={enumOptions(DealState)}
        value={splitList(draft.state)}
        onChange={(chosen) => set('state')(chosen.join(','))}
        className="filter-bar__wide"
      />
      <CheckboxGroup
        id={`${id}-dpd-buckets`}
        legend="Prodlení"
        options={enumOptions(DpdBucket)}
        value={dpdParts.filter((part) => BUCKETS.includes(part))}
        onChange={(chosen) => set('days_past_due')([...chosen, ...dpdParts.filter((part) => !BUCKETS.includes(part))].join(','))}
        className="filter-bar__wide"
      />
      <TextField {...bind('days_past_due')} hint="Např. 45, 10-20 nebo 91+; více oddělte čárkou" />
    </FilterBar>
  );
}
