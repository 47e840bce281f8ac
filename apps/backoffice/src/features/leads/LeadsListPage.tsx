import { DealType, LeadSource, LeadState, type LeadListItem } from '@lending/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { splitList } from '@lending/api-client';
import { CheckboxGroup, type Column, DEFAULT_PAGE_SIZE, enumOptions, FilterBar, formatDateTime, formatMoney, pluralize, ResultsAnnouncement, SelectField, StatusBadge, TextField, toneOf } from '@lending/ui';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { leadPaths, useLeadList } from './api';

const FILTER_KEYS = ['state', 'source', 'deal_type', 'search', 'created_from', 'created_to'] as const;
const LIST_KEYS = [...FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

export const DEFAULT_LEAD_ORDERING = '-created_at';

/** The name the list and its links show: the applicant, or the lead's number without one. */
export function leadTitle(lead: { id: number; person: { name: string } | null }): string {
  return lead.person?.name || `Žádost #${lead.id}`;
}

const columns: Column<LeadListItem>[] = [
  {
    key: 'name',
    header: 'Žadatel',
    rowHeader: true,
    render: (lead) => <Link to={`/leads/${lead.id}`}>{leadTitle(lead)}</Link>,
  },
  { key: 'id', header: 'Číslo', sortKey: 'id', numeric: true, render: (lead) => `#${lead.id}` },
  {
    key: 'state',
    header: 'Stav',
    sortKey: 'state',
    render: (lead) => <StatusBadge label={LeadState.labels[lead.state]} tone={toneOf(lead.state)} />,
  },
  { key: 'source', header: 'Zdroj', render: (lead) => LeadSource.labels[lead.source] },
  { key: 'deal_type', header: 'Typ obchodu', render: (lead) => (lead.deal_type ? DealType.labels[lead.deal_type] : '—') },
  { key: 'value', header: 'Částka', sortKey: 'value', numeric: true, render: (lead) => formatMoney(lead.value) },
  { key: 'installment', header: 'Splátka', numeric: true, render: (lead) => formatMoney(lead.installment_value) },
  { key: 'created_at', header: 'Vytvořeno', sortKey: 'created_at', render: (lead) => formatDateTime(lead.created_at) },
  { key: 'updated_at', header: 'Změněno', sortKey: 'updated_at', render: (lead) => formatDateTime(lead.updated_at) },
];

export function LeadsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_LEAD_ORDERING;

  const filters = {
    ordering,
    state: values.state,
    source: values.source,
    deal_type: values.deal_type,
    search: values.search,
    created_from: values.created_from,
    created_to: values.created_to,
  };
  const list = useLeadList(leadPaths.list({ page, page_size: pageSize, ...filters }));

  return (
    <>
      <PageHeader
        title="Žádosti"
        actions={<ExportButtons path={(format) => leadPaths.export(format, filters)} fileName="zadosti" />}
      />
      {/* Keyed by the URL so back/forward (and "Zrušit filtry") refill the form. */}
      <LeadFilters key={search} initial={values} onApply={(filters) => update(filters)} />

      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'žádost', 'žádosti', 'žádostí')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(lead) => lead.id}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{ caption: 'Seznam žádostí', error: 'Žádosti se nepodařilo načíst.', loading: 'Načítám žádosti…', empty: 'Žádné žádosti neodpovídají filtru.', pagination: 'Stránkování žádostí' }}
      />
    </>
  );
}

function LeadFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(() => pick(initial));
  const [dateError, setDateError] = useState<string | null>(null);
  const set = (key: FilterKey) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <FilterBar
      label="Filtr žádostí"
      onSubmit={() => {
        if (draft.created_from && draft.created_to && draft.created_from > draft.created_to) {
          setDateError('Datum „Vytvořeno od“ musí být nejpozději v den „Vytvořeno do“.');
          return;
        }
        onApply({ ...draft, search: draft.search.trim() });
      }}
      onReset={() => onApply(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField
        id={`${id}-search`}
        label="Vyhledat"
        hint="Jméno, e-mail, telefon nebo číslo žádosti"
        type="search"
        value={draft.search}
        onChange={set('search')}
        className="filter-bar__wide"
      />
      <SelectField id={`${id}-source`} label="Zdroj" options={enumOptions(LeadSource)} placeholder="Všechny" value={draft.source} onChange={set('source')} />
      <SelectField
        id={`${id}-deal-type`}
        label="Typ obchodu"
        options={enumOptions(DealType)}
        placeholder="Všechny"
        value={draft.deal_type}
        onChange={set('deal_type')}
      />
      <TextField
        id={`${id}-from`}
        label="Vytvořeno od"
        type="date"
        value={draft.created_from}
        onChange={set('created_from')}
        error={dateError ?? undefined}
      />
      <TextField id={`${id}-to`} label="Vytvořeno do" type="date" value={draft.created_to} onChange={set('created_to')} />
      <CheckboxGroup
        id={`${id}-state`}
        legend="Stav"
        options={enumOptions(LeadState)}
        value={splitList(draft.state)}
        onChange={(states) => setDraft((current) => ({ ...current, state: states.join(',') }))}
        className="filter-bar__wide"
      />
    </FilterBar>
  );
}

function pick(values: Filters): Filters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, values[key]])) as Filters;
}
