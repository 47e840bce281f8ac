import { NotificationChannel, NotificationName, NotificationState, type NotificationView } from '@lending/contracts';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  FilterBar,
  formatDateTime,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TextField,
} from '@lending/ui';
import { NotificationStateBadge } from '../../shared/collections-badges';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { collectionsPaths, useNotificationList } from './api';
import './collections.css';

// "Odeslané zprávy": the outbox (docs/decisions/0048) — every e-mail, SMS, letter and Slack
// message the platform wrote, the failed ones first (the API's default order), with the error.

export const NOTIFICATION_FILTER_KEYS = ['notification_type', 'state', 'notification_name', 'entity_id'] as const;
const LIST_KEYS = [...NOTIFICATION_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof NOTIFICATION_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;
/** The API's own default: the failed ones first, then the newest. */
const DEFAULT_ORDERING = 'failed,-id';

const FILTER_LABELS: Record<FilterKey, string> = {
  notification_type: 'Kanál',
  state: 'Stav',
  notification_name: 'Druh zprávy',
  entity_id: 'ID záznamu',
};

function chipValue(key: FilterKey, value: string): string {
  switch (key) {
    case 'notification_type':
      return NotificationChannel.labels[value as NotificationChannel] ?? value;
    case 'state':
      return NotificationState.labels[value as NotificationState] ?? value;
    default:
      return value;
  }
}

const EXCERPT = 120;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT).trimEnd()}…` : text);
const nameOf = (name: string) => NotificationName.labels[name as NotificationName] ?? name;

const columns: Column<NotificationView>[] = [
  { key: 'created_at', header: 'Vytvořeno', sortKey: 'created_at', rowHeader: true, render: (row) => formatDateTime(row.created_at) },
  { key: 'type', header: 'Kanál', render: (row) => NotificationChannel.labels[row.type] },
  {
    key: 'name',
    header: 'Zpráva',
    render: (row) => (
      <>
        {nameOf(row.name)}
        {row.entity_id && (
          <>
            <br />
            <span className="cell-note">
              {row.entity_type ?? 'Záznam'} {row.entity_id}
            </span>
          </>
        )}
      </>
    ),
  },
  { key: 'recipient', header: 'Příjemce', render: (row) => row.recipient || EMPTY_VALUE },
  {
    key: 'content',
    header: 'Předmět / text',
    render: (row) => (
      <>
        {row.subject && <strong>{row.subject}</strong>}
        {row.subject && <br />}
        <span className="cell-note">{excerpt(row.body)}</span>
      </>
    ),
  },
  {
    key: 'state',
    header: 'Stav',
    sortKey: 'state',
    render: (row) => (
      <>
        <NotificationStateBadge state={row.state} />
        {row.sent_at && (
          <>
            <br />
            <span className="cell-note">{formatDateTime(row.sent_at)}</span>
          </>
        )}
      </>
    ),
  },
  { key: 'attempts', header: 'Pokusy', numeric: true, render: (row) => row.attempts },
  { key: 'error', header: 'Chyba', render: (row) => (row.error ? <span className="cell-note--error">{row.error}</span> : EMPTY_VALUE) },
];

export function NotificationsPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_ORDERING;
  const query: Record<string, string | number> = { page, page_size: pageSize };
  if (values.ordering) query.ordering = values.ordering;
  for (const key of NOTIFICATION_FILTER_KEYS) if (values[key]) query[key] = values[key];
  const list = useNotificationList(collectionsPaths.notifications(query));
  const chips = NOTIFICATION_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));

  return (
    <>
      <PageHeader title="Odeslané zprávy" subtitle="Nejdřív zprávy, které se nepodařilo odeslat, potom nejnovější." />
      <NotificationFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'zpráva', 'zprávy', 'zpráv')}.` : null} />
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{ caption: 'Odeslané zprávy', error: 'Zprávy se nepodařilo načíst.', loading: 'Načítám zprávy…', empty: 'Filtru neodpovídá žádná zpráva.', pagination: 'Stránkování zpráv' }}
      />
    </>
  );
}

function NotificationFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, bind } = useFilterDraft(NOTIFICATION_FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr zpráv"
      onSubmit={() => onApply(Object.fromEntries(NOTIFICATION_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters)}
      onReset={() => onApply(Object.fromEntries(NOTIFICATION_FILTER_KEYS.map((key) => [key, null])))}
    >
      <SelectField {...bind('notification_type')} options={enumOptions(NotificationChannel)} placeholder="Všechny" />
      <SelectField {...bind('state')} options={enumOptions(NotificationState)} placeholder="Všechny" />
      <TextField {...bind('notification_name')} hint="Např. NOTICE_COPY" />
      <TextField {...bind('entity_id')} hint="Číslo obchodu, upomínky…" />
    </FilterBar>
  );
}
