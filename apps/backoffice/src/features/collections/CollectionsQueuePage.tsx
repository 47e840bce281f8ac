import { BreachType, DpdBucketFilter, PromiseState, type CollectionQueueItem } from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  FilterBar,
  formatCzk,
  formatDate,
  formatDateTime,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TextField,
} from '@lending/ui';
import { NoticeStateBadge, PromiseStateBadge } from '../../shared/collections-badges';
import { useCurrentUser, useMay } from '../../shared/current-user';
import { showToast } from '../../shared/toast';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { assignCollector, collectionsPaths, useCollectionQueue, useCollectors, useRevalidateQueue } from './api';
import './collections.css';

// "Vymáhání" (issue 23 §5): the deals past due, most urgent first, with what happened last and
// what comes next; collectors take deals (assign) and open a deal's "Upomínky" tab from here.

export const QUEUE_FILTER_KEYS = ['search', 'bucket', 'collector', 'breach', 'promise'] as const;
const LIST_KEYS = [...QUEUE_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof QUEUE_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;
export const QUEUE_DEFAULT_ORDERING = 'priority';

const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  bucket: 'Prodlení',
  collector: 'Vymáhá',
  breach: 'Porušení smlouvy',
  promise: 'Slib platby',
};

/** A DPD bucket in Czech ("31–60 dní"), or as the API wrote it. */
const bucketLabel = (bucket: string): string => (DpdBucketFilter.labels as Record<string, string>)[bucket] ?? bucket;

const COLLECTOR_OPTIONS = [
  { value: 'me', label: 'Moje' },
  { value: 'none', label: 'Nepřiřazené' },
];

function chipValue(key: FilterKey, value: string): string {
  switch (key) {
    case 'bucket':
      return bucketLabel(value);
    case 'collector':
      return COLLECTOR_OPTIONS.find((option) => option.value === value)?.label ?? value;
    case 'breach':
      return BreachType.labels[value as BreachType] ?? value;
    case 'promise':
      return PromiseState.labels[value as PromiseState] ?? value;
    default:
      return value;
  }
}

const ORDERING_OPTIONS = [
  { value: 'priority', label: 'Podle priority' },
  { value: '-days_past_due', label: 'Nejdéle po splatnosti' },
  { value: '-overdue_amount', label: 'Nejvyšší dluh po splatnosti' },
  { value: 'last_contact', label: 'Nejdéle bez kontaktu' },
];

function columns(selection: { selected: ReadonlySet<number>; toggle: (deal: number) => void } | null): Column<CollectionQueueItem>[] {
  return [
    ...(selection
      ? [
          {
            key: 'select',
            header: 'Výběr',
            render: (row: CollectionQueueItem) => (
              <input type="checkbox" aria-label={`Vybrat obchod #${row.deal}`} checked={selection.selected.has(row.deal)} onChange={() => selection.toggle(row.deal)} />
            ),
          },
        ]
      : []),
    {
      key: 'deal',
      header: 'Obchod',
      sortKey: 'deal',
      rowHeader: true,
      render: (row) => (
        <>
          <Link to={`/deals/${row.deal}?tab=notices`}>Obchod #{row.deal}</Link>
          {row.contract_number && (
            <>
              <br />
              <span className="cell-note">{row.contract_number}</span>
            </>
          )}
        </>
      ),
    },
    { key: 'debtor', header: 'Dlužník', render: (row) => row.debtor?.name ?? EMPTY_VALUE },
    { key: 'dpd', header: 'DPD', sortKey: 'days_past_due', numeric: true, render: (row) => row.days_past_due },
    { key: 'bucket', header: 'Pásmo', render: (row) => bucketLabel(row.bucket) },
    { key: 'overdue', header: 'Po splatnosti', sortKey: 'overdue_amount', numeric: true, render: (row) => formatCzk(row.overdue_amount) },
    { key: 'breaches', header: 'Porušení', render: (row) => (row.breaches.length ? row.breaches.map((type) => BreachType.labels[type]).join(', ') : EMPTY_VALUE) },
    { key: 'last_contact', header: 'Poslední kontakt', sortKey: 'last_contact', render: (row) => (row.last_contact ? formatDateTime(row.last_contact) : 'Zatím žádný') },
    {
      key: 'next_step',
      header: 'Další krok',
      render: (row) =>
        row.next_step ? (
          <>
            {row.next_step.title}
            <br />
            <NoticeStateBadge state={row.next_step.state} /> <span className="cell-note">{formatDate(row.next_step.date)}</span>
          </>
        ) : (
          EMPTY_VALUE
        ),
    },
    {
      key: 'promise',
      header: 'Slib',
      render: (row) =>
        row.promise ? (
          <>
            <PromiseStateBadge state={row.promise.state} />
            <br />
            <span className="cell-note">
              {formatCzk(row.promise.amount)} do {formatDate(row.promise.promised_on)}
            </span>
          </>
        ) : (
          EMPTY_VALUE
        ),
    },
    { key: 'collector', header: 'Vymáhá', render: (row) => row.collector?.name ?? 'Nepřiřazeno' },
    { key: 'next_action', header: 'Další akce', render: (row) => formatDate(row.next_action_on) },
  ];
}

export function CollectionsQueuePage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || QUEUE_DEFAULT_ORDERING;
  const filters: Record<string, string> = { ordering };
  for (const key of QUEUE_FILTER_KEYS) if (values[key]) filters[key] = values[key];
  const list = useCollectionQueue(collectionsPaths.queue({ ...filters, page, page_size: pageSize }));
  const chips = QUEUE_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));

  const canAssign = useMay('collections.write');
  const { data: me } = useCurrentUser();
  const revalidate = useRevalidateQueue();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  // Another list is another set of rows: a selection does not carry over.
  const [selectionOf, setSelectionOf] = useState(search);
  if (selectionOf !== search) {
    setSelectionOf(search);
    setSelected(new Set());
  }
  const toggle = (deal: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(deal)) next.add(deal);
      return next;
    });

  const collectors = useCollectors();
  const [assignee, setAssignee] = useState('');
  async function assign(collector: number | null) {
    setBusy(true);
    try {
      const { updated } = await assignCollector([...selected], collector);
      const who = collector === me?.id ? 'vám' : (collectors.data?.find((c) => c.id === collector)?.name ?? 'pracovníkovi');
      showToast(collector === null ? `Přiřazení zrušeno u ${pluralize(updated, 'obchodu', 'obchodů', 'obchodů')}.` : `Přiřazeno (${who}): ${pluralize(updated, 'obchod', 'obchody', 'obchodů')}.`);
      setSelected(new Set());
      await revalidate();
    } catch (error) {
      showToast(`Přiřazení se nepodařilo. ${errorMessage(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  const count = selected.size > 0 ? ` (${selected.size})` : '';
  return (
    <>
      <PageHeader title="Vymáhání" actions={<ExportButtons path={(format) => collectionsPaths.queueExport(format, filters)} fileName="vymahani" />} />
      <QueueFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <div className="row-actions queue-toolbar">
        <SelectField id="queue-ordering" label="Řazení" value={ordering} options={ORDERING_OPTIONS.some((o) => o.value === ordering) ? ORDERING_OPTIONS : [...ORDERING_OPTIONS, { value: ordering, label: 'Podle sloupce' }]} onChange={(next) => update({ ordering: next === QUEUE_DEFAULT_ORDERING ? null : next })} />
        {canAssign && (
          <>
            <button type="button" className="button button--small" disabled={selected.size === 0 || busy || !me} onClick={() => me && void assign(me.id)}>
              Přiřadit mně{count}
            </button>
            <SelectField
              id="queue-assignee"
              label="Pracovník"
              value={assignee}
              options={[{ value: '', label: 'Vyberte pracovníka' }, ...(collectors.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
              onChange={setAssignee}
            />
            <button type="button" className="button button--small" disabled={selected.size === 0 || busy || !assignee} onClick={() => void assign(Number(assignee))}>
              Přiřadit vybranému{count}
            </button>
            <button type="button" className="button button--secondary button--small" disabled={selected.size === 0 || busy} onClick={() => void assign(null)}>
              Zrušit přiřazení{count}
            </button>
          </>
        )}
      </div>
      <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'obchod', 'obchody', 'obchodů')} po splatnosti.` : null} />
      <ListResults
        list={list}
        columns={columns(canAssign ? { selected, toggle } : null)}
        rowKey={(row) => row.deal}
        ordering={ordering}
        page={page}
        pageSize={pageSize}
        update={update}
        texts={{ caption: 'Obchody k vymáhání', error: 'Frontu vymáhání se nepodařilo načíst.', loading: 'Načítám frontu vymáhání…', empty: 'Filtru neodpovídá žádný obchod po splatnosti.', pagination: 'Stránkování fronty vymáhání' }}
      />
    </>
  );
}

function QueueFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, bind } = useFilterDraft(QUEUE_FILTER_KEYS, initial, FILTER_LABELS);
  return (
    <FilterBar
      label="Filtr fronty vymáhání"
      onSubmit={() => onApply(Object.fromEntries(QUEUE_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters)}
      onReset={() => onApply(Object.fromEntries(QUEUE_FILTER_KEYS.map((key) => [key, null])))}
    >
      <TextField {...bind('search')} hint="Jméno dlužníka, číslo smlouvy nebo obchodu" type="search" className="filter-bar__wide" />
      <SelectField {...bind('bucket')} options={enumOptions(DpdBucketFilter)} placeholder="Všechna" />
      <SelectField {...bind('collector')} options={COLLECTOR_OPTIONS} placeholder="Kdokoli" />
      <SelectField {...bind('breach')} options={enumOptions(BreachType)} placeholder="Všechna" />
      <SelectField {...bind('promise')} options={enumOptions(PromiseState)} placeholder="Jakýkoli" />
    </FilterBar>
  );
}
