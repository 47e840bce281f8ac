import { IdentificationType, PersonRole, type PersonListItem } from '@lending/contracts';
import { Link } from 'react-router-dom';
import { ActiveFilters, type Column, DEFAULT_PAGE_SIZE, EmailAddress, EMPTY_VALUE, enumOptions, FilterBar, formatDateTime, formatPhone, pluralize, ResultsAnnouncement, SelectField, TextField, YesNoAnyField, yesNoAnyOptions } from '@lending/ui';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
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
  { key: 'email', header: 'E-mail', render: (person) => (person.email ? <EmailAddress value={person.email} /> : EMPTY_VALUE) },
  { key: 'phone', header: 'Telefon', render: (person) => formatPhone(person.phone_e164, person.phone) || EMPTY_VALUE },
  { key: 'flags', header: 'Příznaky', render: (person) => <PersonFlags person={person} /> },
  { key: 'created_at', header: 'Založeno', sortKey: 'created_at', render: (person) => formatDateTime(person.created_at) },
];

const ID_LIST = /^\d+(,\d+)*$/;

/** Each filter's label, and how a chip shows its value. */
const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  id: 'ID osoby',
  identification: 'Identifikace',
  birth_number: 'Rodné číslo',
  company_id: 'IČO',
  excluded_ids: 'Vynechat osoby',
  has_role: 'Role v obchodu',
  has_company: 'Má IČO',
  has_deal: 'Má obchod',
  has_execution: 'Má exekuci',
  has_insolvency: 'Má insolvenci',
  is_blacklisted: 'Na černé listině',
  is_internal: 'Interní osoba',
};

/** The filters staff use most stay in view; the rest wait behind "Další filtry". */
const COMMON_FILTERS: readonly FilterKey[] = ['search', 'identification', 'has_deal', 'is_blacklisted'];

function chipValue(key: FilterKey, value: string): string {
  if (key === 'identification') return IdentificationType.labels[value as IdentificationType] ?? value;
  if (key === 'has_role') return PersonRole.labels[value as PersonRole] ?? value;
  if (key.startsWith('has_') || key.startsWith('is_')) return yesNoAnyOptions.find((o) => o.value === value)?.label ?? value;
  return value;
}

export function PersonsListPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_PERSON_ORDERING;

  const query: Record<string, string | number> = { page, page_size: pageSize, ordering };
  const filters: Record<string, string> = { ordering };
  for (const key of PERSON_FILTER_KEYS) if (values[key]) query[key] = filters[key] = values[key];
  const list = usePersonList(personPaths.list(query));
  const chips = PERSON_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));

  return (
    <>
      <PageHeader
        title="Osoby"
        actions={<ExportButtons path={(format) => personPaths.export(format, filters)} fileName="osoby" />}
      />
      <PersonFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />

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
  const { draft, errors, setErrors, bind } = useFilterDraft(PERSON_FILTER_KEYS, initial, FILTER_LABELS);
  const moreActive = PERSON_FILTER_KEYS.filter((key) => !COMMON_FILTERS.includes(key) && initial[key]).length;

  return (
    <FilterBar
      label="Filtr osob"
      moreActive={moreActive}
      moreOpen={Object.keys(errors).some((key) => !COMMON_FILTERS.includes(key as FilterKey))}
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
      more={
        <>
          <TextField {...bind('id')} inputMode="numeric" />
          <TextField {...bind('birth_number')} hint="S lomítkem i bez" />
          <TextField {...bind('company_id')} inputMode="numeric" />
          <TextField {...bind('excluded_ids')} hint="ID oddělená čárkou" />
          <SelectField {...bind('has_role')} options={enumOptions(PersonRole)} placeholder="Všechny" />
          <YesNoAnyField {...bind('has_company')} />
          <YesNoAnyField {...bind('has_execution')} />
          <YesNoAnyField {...bind('has_insolvency')} />
          <YesNoAnyField {...bind('is_internal')} />
        </>
      }
    >
      <TextField {...bind('search')} hint="Jméno, firma, e-mail, telefon, rodné číslo nebo IČO" type="search" className="filter-bar__wide" />
      <SelectField {...bind('identification')} options={enumOptions(IdentificationType)} placeholder="Vše" />
      <YesNoAnyField {...bind('has_deal')} />
      <YesNoAnyField {...bind('is_blacklisted')} />
    </FilterBar>
  );
}
