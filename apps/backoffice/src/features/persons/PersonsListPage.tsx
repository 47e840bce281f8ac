import { IdentificationType, PersonRole, type PersonListItem } from '@lending/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EMPTY_VALUE, formatDateTime, pluralize } from '../../shared/format';
import type { Column } from '../../shared/ui/DataTable';
import { enumOptions, SelectField, TextField, YesNoAnyField } from '../../shared/ui/Field';
import { FilterBar, ResultsAnnouncement } from '../../shared/ui/FilterBar';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { DEFAULT_PAGE_SIZE } from '../../shared/ui/Pagination';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { personPaths, usePersonList } from './api';
import { PersonFlags } from './PersonFlags';

/** Every filter of GET /persons/ (backoffice.md §3), in the order the form shows them. */
export const PERSON_FILTER_KEYS = [
  'search',
  'id',
  'identification',
  'birth_number',
  'company_id',
  'excluded_ids',
  'has_role',
  'has_company',
  'has_deal',
  'has_execution',
  'has_insolvency',
  'is_blacklisted',
  'is_internal',
] as const;
const LIST_KEYS = [...PERSON_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof PERSON_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

export const DEFAULT_PERSON_ORDERING = '-created_at';

const columns: Column<PersonListItem>[] = [
  {
    key: 'name',
    header: 'Jméno / název',
    sortKey: 'last_name',
    rowHeader: true,
    render: (person) => <Link to={`/persons/${person.id}`}>{person.name || `Osoba #${person.id}`}</Link>,
  },
  { key: 'id', header: 'ID', sortKey: 'id', numeric: true, render: (person) => person.id },
  {
    key: 'identification',
    header: 'Rodné číslo / IČO',
    render: (person) => person.birth_number_masked ?? person.company_id ?? EMPTY_VALUE,
  },
  { key: 'email', header: 'E-mail', render: (person) => person.email ?? EMPTY_VALUE },
  { key: 'phone', header: 'Telefon', render: (person) => person.phone ?? EMPTY_VALUE },
  { key: 'flags', header: 'Příznaky', render: (person) => <PersonFlags person={person} /> },
  { key: 'created_at', header: 'Založeno', sortKey: 'created_at', render: (person) => formatDateTime(person.created_at) },
];

const ID_LIST = /^\d+(,\d+)*$/;

export function PersonsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_PERSON_ORDERING;

  const query: Record<string, string | number> = { page, page_size: pageSize, ordering };
  for (const key of PERSON_FILTER_KEYS) if (values[key]) query[key] = values[key];
  const list = usePersonList(personPaths.list(query));

  return (
    <>
      <PageHeader title="Osoby" />
      <PersonFilters key={search} initial={values} onApply={update} />

      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'osoba', 'osoby', 'osob')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(person) => person.id}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{ caption: 'Seznam osob', error: 'Osoby se nepodařilo načíst.', loading: 'Načítám osoby…', empty: 'Žádné osoby neodpovídají filtru.', pagination: 'Stránkování osob' }}
      />
    </>
  );
}

function PersonFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(() => Object.fromEntries(PERSON_FILTER_KEYS.map((key) => [key, initial[key]])) as Filters);
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>({});
  const bind = (key: FilterKey) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (value: string) => setDraft((current) => ({ ...current, [key]: value })),
    error: errors[key],
  });

  return (
    <FilterBar
      label="Filtr osob"
      onSubmit={() => {
        const cleaned = Object.fromEntries(PERSON_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
        cleaned.excluded_ids = cleaned.excluded_ids.replace(/\s+/g, '');
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.id && !/^\d+$/.test(cleaned.id)) found.id = 'Zadejte číslo osoby.';
        if (cleaned.excluded_ids && !ID_LIST.test(cleaned.excluded_ids)) found.excluded_ids = 'Zadejte čísla osob oddělená čárkou, např. 12,15.';
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(PERSON_FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField
        {...bind('search')}
        label="Vyhledat"
        hint="Jméno, firma, e-mail, telefon, rodné číslo nebo IČO"
        type="search"
        className="filter-bar__wide"
      />
      <TextField {...bind('id')} label="ID osoby" inputMode="numeric" />
      <SelectField {...bind('identification')} label="Identifikace" options={enumOptions(IdentificationType)} placeholder="Vše" />
      <TextField {...bind('birth_number')} label="Rodné číslo" hint="S lomítkem i bez" />
      <TextField {...bind('company_id')} label="IČO" inputMode="numeric" />
      <TextField {...bind('excluded_ids')} label="Vynechat osoby" hint="ID oddělená čárkou" />
      <SelectField {...bind('has_role')} label="Role v obchodu" options={enumOptions(PersonRole)} placeholder="Všechny" />
      <YesNoAnyField {...bind('has_company')} label="Má IČO" />
      <YesNoAnyField {...bind('has_deal')} label="Má obchod" />
      <YesNoAnyField {...bind('has_execution')} label="Má exekuci" />
      <YesNoAnyField {...bind('has_insolvency')} label="Má insolvenci" />
      <YesNoAnyField {...bind('is_blacklisted')} label="Na černé listině" />
      <YesNoAnyField {...bind('is_internal')} label="Interní osoba" />
    </FilterBar>
  );
}
