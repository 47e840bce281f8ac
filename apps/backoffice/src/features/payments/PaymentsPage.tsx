import { PaymentCategory, PaymentType, type Payment } from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useState } from 'react';
import {
  ActiveFilters,
  DEFAULT_PAGE_SIZE,
  EmptyState,
  enumOptions,
  ErrorState,
  FilterBar,
  formatDate,
  Loading,
  Pagination,
  pluralize,
  ResultsAnnouncement,
  SelectField,
  TextField,
} from '@lending/ui';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { PageHeader, Section } from '../../shared/ui/Layout';
import { positiveInt, useUrlState, type UrlStatePatch } from '../../shared/ui/useUrlState';
import { paymentPaths } from '../../shared/payments/api';
import { PaymentTable } from '../../shared/payments/PaymentTable';
import { showToast } from '../../shared/toast';
import { useFilterDraft } from '../../shared/useFilterDraft';
import { assignDeals, useCanWritePayments, usePaymentList, useRevalidatePayments } from './api';
import { AssignDealDialog } from './AssignDealDialog';
import { EditPaymentDialog } from './EditPaymentDialog';
import { ManualPaymentDialog } from './ManualPaymentDialog';
import { StatementHistory } from './StatementHistory';
import { StatementImport } from './StatementImport';

/** The filters of GET /payments/, in the order the form shows them. */
export const PAYMENT_FILTER_KEYS = ['search', 'unpaired', 'category', 'payment_type', 'date_from', 'date_to', 'deal'] as const;
const LIST_KEYS = [...PAYMENT_FILTER_KEYS, 'ordering', 'page', 'page_size'] as const;
type FilterKey = (typeof PAYMENT_FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;
export const PAYMENT_DEFAULT_ORDERING = '-date';

const FILTER_LABELS: Record<FilterKey, string> = {
  search: 'Vyhledat',
  unpaired: 'Párování',
  category: 'Kategorie',
  payment_type: 'Typ platby',
  date_from: 'Datum od',
  date_to: 'Datum do',
  deal: 'Číslo obchodu',
};

/**
 * The inbox opens on the unpaired queue (staff's work): no `unpaired` in the URL means "only
 * unpaired"; `false` the paired ones and `all` every payment.
 */
const PAIRING_OPTIONS = [
  { value: '', label: 'Jen nespárované' },
  { value: 'false', label: 'Jen spárované' },
  { value: 'all', label: 'Všechny' },
];

/** What the URL's `unpaired` asks the API for. */
function unpairedQuery(value: string): string | undefined {
  if (value === 'all') return undefined;
  return value === 'false' ? 'false' : 'true';
}

function chipValue(key: FilterKey, value: string): string {
  switch (key) {
    case 'unpaired':
      return PAIRING_OPTIONS.find((option) => option.value === value)?.label ?? value;
    case 'category':
      return PaymentCategory.labels[value as PaymentCategory] ?? value;
    case 'payment_type':
      return PaymentType.labels[value as PaymentType] ?? value;
    case 'date_from':
    case 'date_to':
      return formatDate(value);
    default:
      return value;
  }
}

export function PaymentsPage() {
  const { values, search, update } = useUrlState(LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || PAYMENT_DEFAULT_ORDERING;
  // The screen's filters: the list pages them, the exports take them whole.
  const filters: Record<string, string> = {};
  for (const key of PAYMENT_FILTER_KEYS) if (key !== 'unpaired' && values[key]) filters[key] = values[key];
  const unpaired = unpairedQuery(values.unpaired);
  if (unpaired) filters.unpaired = unpaired;
  const query: Record<string, string | number> = { ...filters, page, page_size: pageSize, ordering };
  const list = usePaymentList(paymentPaths.list(query));
  const reportFilters = { date_from: values.date_from || undefined, date_to: values.date_to || undefined, deal: values.deal || undefined };
  const canWrite = useCanWritePayments();

  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [assigning, setAssigning] = useState(false);
  const [entering, setEntering] = useState(false);
  const [editing, setEditing] = useState<Payment | null>(null);
  const revalidate = useRevalidatePayments();
  // Another list (filters, page, ordering) is another set of rows: a selection does not carry over.
  const [selectionOf, setSelectionOf] = useState(search);
  if (selectionOf !== search) {
    setSelectionOf(search);
    setSelected(new Set());
  }

  const chips = PAYMENT_FILTER_KEYS.filter((key) => values[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${chipValue(key, values[key])}` }));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** "Návrh: obchod #N" taken in one click: the payment to its suggested deal. */
  async function assignSuggestion(payment: Payment) {
    if (payment.suggested_deal === null) return;
    try {
      await assignDeals([payment.id], payment.suggested_deal);
      await revalidate();
      showToast(`Platba č. ${payment.id} přiřazena k obchodu #${payment.suggested_deal}.`);
    } catch (failure) {
      showToast(errorMessage(failure), 'error');
    }
  }

  const { data, error, isLoading } = list;
  return (
    <>
      <PageHeader
        title="Platby"
        actions={
          <>
            {canWrite && (
              <button type="button" className="button" onClick={() => setEntering(true)}>
                Zadat platbu ručně
              </button>
            )}
            <ExportButtons path={(format) => paymentPaths.export(format, filters)} fileName="platby" />
            <ExportButtons path={(format) => paymentPaths.allocationReport(format, reportFilters)} fileName="alokace" label="Report alokací" />
          </>
        }
      />
      {canWrite && <StatementImport />}
      <PaymentFilters key={search} initial={values} onApply={update} />
      <ActiveFilters chips={chips} onRemove={(key) => update({ [key]: null })} />
      <ResultsAnnouncement message={data ? `Nalezeno ${pluralize(data.count, 'platba', 'platby', 'plateb')}.` : null} />
      <Section
        title="Seznam plateb"
        actions={
          canWrite && (
            <button type="button" className="button button--small" disabled={selected.size === 0} onClick={() => setAssigning(true)}>
              Přiřadit k obchodu{selected.size > 0 ? ` (${selected.size})` : ''}
            </button>
          )
        }
      >
        {!data ? (
          error ? (
            <ErrorState error={error} onRetry={() => void list.mutate()} title="Platby se nepodařilo načíst." />
          ) : (
            <Loading label="Načítám platby…" />
          )
        ) : data.results.length === 0 ? (
          <EmptyState>{values.unpaired === '' ? 'Žádné nespárované platby neodpovídají filtru.' : 'Žádné platby neodpovídají filtru.'}</EmptyState>
        ) : (
          <div aria-busy={isLoading || undefined}>
            <PaymentTable
              caption="Seznam plateb"
              payments={data.results}
              ordering={ordering}
              onOrderingChange={(next) => update({ ordering: next })}
              expanded={expanded}
              onToggle={toggle}
              selection={canWrite ? { selected, onChange: select } : undefined}
              onAssignSuggestion={canWrite ? (payment) => void assignSuggestion(payment) : undefined}
              rowActions={
                canWrite
                  ? (payment) => (
                      <button type="button" className="button button--secondary button--small" onClick={() => setEditing(payment)}>
                        Upravit<span className="visually-hidden"> platbu č. {payment.id}</span>
                      </button>
                    )
                  : undefined
              }
            />
            <Pagination
              label="Stránkování plateb"
              page={page}
              pageSize={pageSize}
              count={data.count}
              onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              onPageSizeChange={(size) => update({ page_size: size === DEFAULT_PAGE_SIZE ? null : String(size) })}
            />
          </div>
        )}
      </Section>
      <StatementHistory />
      {entering && <ManualPaymentDialog onClose={() => setEntering(false)} />}
      {editing && <EditPaymentDialog payment={editing} onClose={() => setEditing(null)} />}
      {assigning && (
        <AssignDealDialog
          payments={(data?.results ?? []).filter((payment) => selected.has(payment.id))}
          onClose={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            setSelected(new Set());
          }}
        />
      )}
    </>
  );
}

const DEAL_ID = /^[1-9]\d{0,9}$/;

function PaymentFilters({ initial, onApply }: { initial: Filters; onApply: (filters: UrlStatePatch<FilterKey>) => void }) {
  const { draft, errors, setErrors, bind } = useFilterDraft(PAYMENT_FILTER_KEYS, initial, FILTER_LABELS);
  const more: readonly FilterKey[] = ['payment_type', 'date_from', 'date_to', 'deal'];

  return (
    <FilterBar
      label="Filtr plateb"
      moreActive={more.filter((key) => initial[key]).length}
      moreOpen={Object.keys(errors).length > 0}
      onSubmit={() => {
        const cleaned = Object.fromEntries(PAYMENT_FILTER_KEYS.map((key) => [key, draft[key].trim()])) as Filters;
        const found: Partial<Record<FilterKey, string>> = {};
        if (cleaned.deal && !DEAL_ID.test(cleaned.deal)) found.deal = 'Zadejte číslo obchodu (kladné celé číslo).';
        // ISO dates compare as text; the API's own wording.
        if (cleaned.date_from && cleaned.date_to && cleaned.date_from > cleaned.date_to) found.date_from = 'Datum od nesmí být po datu do.';
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(cleaned);
      }}
      onReset={() => onApply(Object.fromEntries(PAYMENT_FILTER_KEYS.map((key) => [key, null])))}
      more={
        <>
          <SelectField {...bind('payment_type')} options={enumOptions(PaymentType)} placeholder="Všechny" />
          <TextField {...bind('date_from')} type="date" />
          <TextField {...bind('date_to')} type="date" />
          <TextField {...bind('deal')} inputMode="numeric" />
        </>
      }
    >
      <TextField {...bind('search')} hint="Symboly, protiúčet a jeho název, zpráva, poznámka nebo identifikátor transakce" type="search" className="filter-bar__wide" />
      <SelectField {...bind('unpaired')} options={PAIRING_OPTIONS.slice(1)} placeholder={PAIRING_OPTIONS[0]?.label} />
      <SelectField {...bind('category')} options={enumOptions(PaymentCategory)} placeholder="Všechny" />
    </FilterBar>
  );
}
