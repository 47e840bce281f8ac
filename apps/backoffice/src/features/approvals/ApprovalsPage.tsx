import { APPROVAL_CHECKER_PERMISSION, ApprovalAction, ApprovalState, type ApprovalRequestView } from '@lending/contracts';
import { useEffect, useRef, useState } from 'react';
import {
  ActiveFilters,
  type Column,
  DEFAULT_PAGE_SIZE,
  enumOptions,
  FilterBar,
  formatDateTime,
  formatMoney,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TabList,
  TextField,
} from '@lending/ui';
import { useCurrentUser, usePermissions } from '../../shared/current-user';
import { PageHeader } from '../../shared/ui/Layout';
import { ListResults } from '../../shared/ui/ListResults';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { useApprovalList } from './api';
import { ApprovalStateCell, DealLink } from './approval-format';
import { ApprovalDialog } from './ApprovalDialog';
import { FourEyesSettingsSection } from './FourEyesSettings';

/**
 * The three lists of the screen: what the signed-in user may decide (the checker's inbox), what
 * they asked for themselves (every state), and every request. No `view` in the URL is the inbox.
 */
const VIEWS = [
  { id: 'inbox', label: 'Ke schválení' },
  { id: 'mine', label: 'Moje žádosti' },
  { id: 'all', label: 'Všechny' },
] as const;
type View = (typeof VIEWS)[number]['id'];

/**
 * The filters of GET /approvals/ the screen offers. The maker filter is the "Moje žádosti"
 * view: the API lists no staff users to choose another maker from.
 */
const FILTER_KEYS = ['action', 'state', 'deal', 'older_than_days'] as const;
const LIST_KEYS = ['view', ...FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;
const DEFAULT_ORDERING = '-created_at';

const FILTER_LABELS: Record<FilterKey, string> = {
  action: 'Akce',
  state: 'Stav',
  deal: 'Číslo obchodu',
  older_than_days: 'Starší než (dní)',
};

function viewOf(value: string): View {
  return VIEWS.some((view) => view.id === value) ? (value as View) : 'inbox';
}

/** The inbox holds pending requests only: a state filter means nothing there. */
const filtersOf = (view: View): readonly FilterKey[] => (view === 'inbox' ? FILTER_KEYS.filter((key) => key !== 'state') : FILTER_KEYS);

function chipLabel(key: FilterKey, value: string): string {
  switch (key) {
    case 'action':
      return `${FILTER_LABELS.action}: ${ApprovalAction.labels[value as ApprovalAction] ?? value}`;
    case 'state':
      return `${FILTER_LABELS.state}: ${ApprovalState.labels[value as ApprovalState] ?? value}`;
    case 'deal':
      return `Obchod #${value}`;
    case 'older_than_days':
      return `Starší než ${pluralize(Number(value), 'den', 'dny', 'dní')}`;
  }
}

const columns = (open: (request: ApprovalRequestView) => void): Column<ApprovalRequestView>[] => [
  {
    key: 'id',
    header: 'Č.',
    sortKey: 'id',
    rowHeader: true,
    render: (request) => (
      // The row's own control: reached with Tab, opened with Enter or Space like any button.
      <button type="button" className="button button--secondary button--small" onClick={() => open(request)}>
        <span className="visually-hidden">Žádost </span>č. {request.id}
      </button>
    ),
  },
  { key: 'action', header: 'Akce', render: (request) => ApprovalAction.labels[request.action] },
  { key: 'summary', header: 'Shrnutí', render: (request) => request.summary },
  { key: 'deal', header: 'Obchod', render: (request) => <DealLink deal={request.deal} /> },
  { key: 'amount', header: 'Částka', numeric: true, render: (request) => formatMoney(request.amount) },
  { key: 'maker', header: 'Zadal', render: (request) => request.maker.name },
  { key: 'created_at', header: 'Podáno', sortKey: 'created_at', render: (request) => formatDateTime(request.created_at) },
  { key: 'expires_at', header: 'Vyprší', sortKey: 'expires_at', render: (request) => formatDateTime(request.expires_at) },
  { key: 'state', header: 'Stav', render: (request) => <ApprovalStateCell request={request} /> },
];

/** "Ke schválení" (ROLES.md §2, docs/decisions/0045): four-eyes requests to decide, one's own, all; and the settings. */
export function ApprovalsPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const view = viewOf(values.view);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_ORDERING;
  const { data: user } = useCurrentUser();
  const may = usePermissions();
  const checker = ApprovalAction.values.some((action) => may(APPROVAL_CHECKER_PERMISSION[action]));

  const shown = filtersOf(view);
  const filters: Record<string, string | number | boolean> = {};
  for (const key of shown) if (values[key]) filters[key] = values[key];
  if (view === 'inbox') filters.actionable = true;
  if (view === 'mine' && user) filters.maker = user.id;
  // "Moje žádosti" waits for who is signed in; the other lists need not.
  const query = view === 'mine' && !user ? null : { ...filters, ordering, page, page_size: pageSize };
  const list = useApprovalList(query);
  const [opened, setOpened] = useState<ApprovalRequestView | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hadDialog = useRef(false);
  useEffect(() => {
    if (opened) {
      hadDialog.current = true;
      return;
    }
    // A decided request leaves the inbox with the button that opened it: focus stays on the list
    // instead of falling to the page's start (the dialog returns it to its opener when it can).
    if (hadDialog.current) {
      hadDialog.current = false;
      if (!document.activeElement || document.activeElement === document.body) panelRef.current?.focus();
    }
  }, [opened]);

  const chips = shown.filter((key) => values[key]).map((key) => ({ key, label: chipLabel(key, values[key]) }));
  const filtered = chips.length > 0;
  const empty = {
    inbox: filtered ? 'Žádná žádost ke schválení neodpovídá filtru.' : checker ? 'Nic nečeká na vaše schválení.' : 'Vaše role žádosti neschvaluje; své žádosti najdete v záložce Moje žádosti.',
    mine: filtered ? 'Žádná vaše žádost neodpovídá filtru.' : 'Zatím jste nepodali žádnou žádost ke schválení.',
    all: filtered ? 'Žádné žádosti neodpovídají filtru.' : 'Zatím nevznikla žádná žádost ke schválení.',
  }[view];

  return (
    <>
      <PageHeader title="Ke schválení" subtitle="Akce pod dohledem čtyř očí: provedou se, až je schválí jiný uživatel s oprávněním." />
      <TabList
        label="Seznamy žádostí"
        tabs={VIEWS}
        selected={view}
        onSelect={(next) => update({ view: next === 'inbox' ? null : next, ...(next === 'inbox' ? { state: null } : {}) })}
        idPrefix="approvals-tab"
        panelId="approvals-panel"
      />
      <div ref={panelRef} role="tabpanel" id="approvals-panel" aria-labelledby={`approvals-tab-${view}`} className="tabs__panel" tabIndex={-1}>
        {/* Keyed by the URL so back/forward (and "Zrušit filtry") refill the form. */}
        <ApprovalFilters key={search} initial={values} keys={shown} onApply={update} />
        <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
        <ResultsAnnouncement message={list.data ? `Nalezeno ${pluralize(list.data.count, 'žádost', 'žádosti', 'žádostí')}.` : null} />
        <ListResults
          list={list}
          columns={columns(setOpened)}
          rowKey={(request) => request.id}
          ordering={ordering}
          page={page}
          pageSize={pageSize}
          update={update}
          texts={{
            caption: `Žádosti: ${VIEWS.find((v) => v.id === view)?.label}`,
            error: 'Žádosti se nepodařilo načíst.',
            loading: 'Načítám žádosti…',
            empty,
            pagination: 'Stránkování žádostí',
          }}
        />
      </div>
      <FourEyesSettingsSection />
      {opened && <ApprovalDialog request={opened} onClose={() => setOpened(null)} />}
    </>
  );
}


const DEAL_ID = /^[1-9]\d{0,9}$/;
const DAYS = /^\d{1,4}$/;

function ApprovalFilters({ initial, keys, onApply }: { initial: Filters; keys: readonly FilterKey[]; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, setErrors, bind } = useFilterDraft(FILTER_KEYS, initial, FILTER_LABELS);

  return (
    <FilterBar
      label="Filtr žádostí"
      onSubmit={() => {
        const cleaned = Object.fromEntries(keys.map((key) => [key, draft[key].trim()])) as Partial<Filters>;
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.deal && !DEAL_ID.test(cleaned.deal)) found.deal = 'Zadejte číslo obchodu (kladné celé číslo).';
        if (cleaned.older_than_days && !(DAYS.test(cleaned.older_than_days) && Number(cleaned.older_than_days) <= 3650)) {
          found.older_than_days = 'Zadejte počet dní (celé číslo 0–3650).';
        }
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
    >
      <SelectField {...bind('action')} options={enumOptions(ApprovalAction)} placeholder="Všechny" />
      {keys.includes('state') && <SelectField {...bind('state')} options={enumOptions(ApprovalState)} placeholder="Všechny" />}
      <TextField {...bind('deal')} inputMode="numeric" />
      <TextField {...bind('older_than_days')} inputMode="numeric" hint="Jen žádosti podané před nejméně tolika dny" />
    </FilterBar>
  );
}
