import { allocationRuleLabel, ClaimType, ManualPaymentMethod, PaymentCategory, PaymentPairedBy, PaymentSource, PaymentType, type Payment, type PaymentAllocation } from '@lending/contracts';
import { Fragment, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EMPTY_VALUE, formatCzk, formatDate, nextOrdering, StatusBadge, TableScroll } from '@lending/ui';

/** The rule that placed a part of a payment, in Czech (the API writes "<profile>:<rule>"). */
function ruleLabel(rule: string | null): string {
  return rule ? allocationRuleLabel(rule) : EMPTY_VALUE;
}

const isZero = (amount: string) => /^-?0\.00$/.test(amount);

/** "Why each crown went where": every part of the payment, its claim and the rule that put it there. */
export function AllocationDetail({ payment }: { payment: Payment }) {
  const notes: ReactNode[] = [];
  if (payment.source === 'MANUAL') notes.push(`${PaymentSource.labels.MANUAL}: ${payment.entry_method ? ManualPaymentMethod.labels[payment.entry_method] : ''}.`);
  if (payment.deal !== null && payment.paired_by) notes.push(`Spárování: ${PaymentPairedBy.labels[payment.paired_by].toLowerCase()}.`);
  if (payment.reversed_by !== null) notes.push(`Platba byla stornována (storno č. ${payment.reversed_by}); nepočítá se.`);
  if (payment.reversal_of !== null) notes.push(`Storno platby č. ${payment.reversal_of}.`);
  if (payment.deal === null && payment.reversal_of === null) notes.push('Platba není přiřazena k obchodu, proto není rozúčtována.');
  if (payment.direction === 'OUTGOING_PAYMENT') notes.push('Odchozí platba se na pohledávky nerozúčtovává.');
  else if (payment.deal !== null && !isZero(payment.unallocated_amount)) {
    notes.push(`Nerozúčtováno ${formatCzk(payment.unallocated_amount)}: zůstává jako přeplatek na obchodu.`);
  }
  return (
    <div className="payment-allocation">
      {payment.allocations.length > 0 && <AllocationTable paymentId={payment.id} allocations={payment.allocations} />}
      {payment.allocations.length === 0 && payment.deal !== null && payment.direction === 'INCOMING_PAYMENT' && <p>Platba zatím nepokryla žádnou pohledávku.</p>}
      {notes.map((note, index) => (
        <p key={index} className="field__hint">
          {note}
        </p>
      ))}
    </div>
  );
}

function AllocationTable({ paymentId, allocations }: { paymentId: number; allocations: readonly PaymentAllocation[] }) {
  return (
    <table className="table table--compact">
      <caption className="table__caption">Rozúčtování platby č. {paymentId}</caption>
      <thead>
        <tr>
          <th scope="col">Pohledávka</th>
          <th scope="col">Typ</th>
          <th scope="col">Splatnost</th>
          <th scope="col" className="table__numeric">
            Částka
          </th>
          <th scope="col">Pravidlo</th>
        </tr>
      </thead>
      <tbody>
        {allocations.map((allocation, index) => (
          <tr key={`${allocation.claim_id}-${index}`}>
            <th scope="row">č. {allocation.claim_id}</th>
            <td>{ClaimType.labels[allocation.claim_type]}</td>
            <td>{formatDate(allocation.due_date)}</td>
            <td className="table__numeric">{formatCzk(allocation.amount)}</td>
            <td>{ruleLabel(allocation.rule)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How the payment came to its deal, in short (the full label is its title). */
const PAIRED_BY_SHORT: Record<NonNullable<Payment['paired_by']>, string> = {
  VARIABLE_SYMBOL: 'podle VS',
  SPECIFIC_SYMBOL: 'podle SS',
  COUNTER_ACCOUNT: 'podle protiúčtu',
  STAFF: 'přiřazeno ručně',
  MANUAL_ENTRY: 'zadáno s platbou',
  REVERSAL: 'podle původní platby',
};

/**
 * The payment's deal and how it got there (VS, SS, counter-account, staff, manual entry), or why
 * it has none; an unpaired payment shows the deal its counter-account suggests (ADR 0047), with
 * a one-click assignment where `onAssignSuggestion` is given.
 */
export function PairingBadge({ payment, onAssignSuggestion }: { payment: Payment; onAssignSuggestion?: (payment: Payment) => void }) {
  if (payment.reversed_by !== null) return <StatusBadge label="Stornována" tone="neutral" />;
  if (payment.reversal_of !== null) return <StatusBadge label="Storno" tone="neutral" />;
  if (payment.deal === null) {
    const suggested = payment.suggested_deal;
    return (
      <>
        <StatusBadge label="Nespárovaná" tone="warning" />
        {suggested !== null && (
          <span className="cell-note">
            <br />
            Návrh: <Link to={`/deals/${suggested}`}>obchod #{suggested}</Link>
            {onAssignSuggestion && (
              <>
                {' '}
                <button type="button" className="button button--secondary button--small" onClick={() => onAssignSuggestion(payment)}>
                  Přiřadit<span className="visually-hidden"> platbu č. {payment.id} k obchodu #{suggested}</span>
                </button>
              </>
            )}
          </span>
        )}
      </>
    );
  }
  return (
    <>
      <Link to={`/deals/${payment.deal}`}>Obchod #{payment.deal}</Link>
      {payment.paired_by && (
        <>
          <br />
          <span className="cell-note" title={PaymentPairedBy.labels[payment.paired_by]}>
            {PAIRED_BY_SHORT[payment.paired_by]}
          </span>
        </>
      )}
    </>
  );
}

interface Header {
  key: string;
  label: string;
  sortKey?: string;
  numeric?: boolean;
}

const HEADERS: readonly Header[] = [
  { key: 'date', label: 'Datum', sortKey: 'date' },
  { key: 'amount', label: 'Částka', sortKey: 'amount', numeric: true },
  { key: 'symbols', label: 'VS / SS' },
  { key: 'counter', label: 'Protiúčet' },
  { key: 'message', label: 'Zpráva' },
  { key: 'category', label: 'Kategorie / typ' },
  { key: 'deal', label: 'Obchod' },
  { key: 'allocated', label: 'Rozúčtováno', numeric: true },
];

function sortState(ordering: string, sortKey: string): 'ascending' | 'descending' | undefined {
  if (ordering === sortKey) return 'ascending';
  if (ordering === `-${sortKey}`) return 'descending';
  return undefined;
}

/**
 * Payments with a row each and, under a row opened by its button, the payment's allocation.
 * Rows can be selected (checkboxes) where `selection` is given; sortable headers follow the
 * DataTable's pattern (buttons, aria-sort).
 */
export function PaymentTable({
  caption,
  payments,
  ordering,
  onOrderingChange,
  expanded,
  onToggle,
  selection,
  hideDeal,
  rowActions,
  onAssignSuggestion,
}: {
  caption: string;
  payments: readonly Payment[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selection?: { selected: ReadonlySet<number>; onChange: (ids: number[], on: boolean) => void };
  /** On a deal's own tab the deal column says nothing new. */
  hideDeal?: boolean;
  /** Buttons of one row (the inbox's "Upravit"), beside its allocation's. */
  rowActions?: (payment: Payment) => ReactNode;
  /** One click to pair an unpaired payment to its suggested deal. */
  onAssignSuggestion?: (payment: Payment) => void;
}) {
  const id = useId();
  const headers = hideDeal ? HEADERS.filter((header) => header.key !== 'deal') : HEADERS;
  const width = headers.length + 1 + (selection ? 1 : 0);
  const allSelected = !!selection && payments.length > 0 && payments.every((payment) => selection.selected.has(payment.id));
  return (
    <TableScroll label={caption}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Vybrat všechny platby na stránce"
                  checked={allSelected}
                  onChange={(event) => selection.onChange(payments.map((payment) => payment.id), event.target.checked)}
                />
              </th>
            )}
            {headers.map((header) => {
              const sorted = header.sortKey ? sortState(ordering, header.sortKey) : undefined;
              return (
                <th key={header.key} scope="col" aria-sort={sorted} className={header.numeric ? 'table__numeric' : undefined}>
                  {header.sortKey ? (
                    <button type="button" className="table__sort" onClick={() => onOrderingChange(nextOrdering(ordering, header.sortKey as string))}>
                      {header.label}
                      <span aria-hidden="true" className="table__sort-icon">
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    header.label
                  )}
                </th>
              );
            })}
            <th scope="col">
              <span className="visually-hidden">Rozúčtování</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const open = expanded.has(payment.id);
            const detailId = `${id}-detail-${payment.id}`;
            return (
              <Fragment key={payment.id}>
                <tr>
                  {selection && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Vybrat platbu č. ${payment.id}`}
                        checked={selection.selected.has(payment.id)}
                        onChange={(event) => selection.onChange([payment.id], event.target.checked)}
                      />
                    </td>
                  )}
                  <th scope="row">{formatDate(payment.date)}</th>
                  <td className="table__numeric">
                    {payment.direction === 'OUTGOING_PAYMENT' ? '−' : ''}
                    {formatCzk(payment.amount)}
                  </td>
                  <td>
                    {payment.variable_symbol ?? EMPTY_VALUE}
                    <br />
                    <span className="cell-note">SS {payment.specific_symbol ?? EMPTY_VALUE}</span>
                  </td>
                  <td>
                    {payment.counter_account_name ?? EMPTY_VALUE}
                    <br />
                    <span className="cell-note">{payment.counter_account ?? EMPTY_VALUE}</span>
                  </td>
                  <td>{payment.message ?? EMPTY_VALUE}</td>
                  <td>
                    {PaymentCategory.labels[payment.category]}
                    <br />
                    <span className="cell-note">{PaymentType.labels[payment.payment_type]}</span>
                    {payment.source === 'MANUAL' && (
                      <>
                        <br />
                        <span className="cell-note">{PaymentSource.labels.MANUAL}</span>
                      </>
                    )}
                  </td>
                  {!hideDeal && (
                    <td>
                      <PairingBadge payment={payment} onAssignSuggestion={onAssignSuggestion} />
                    </td>
                  )}
                  <td className="table__numeric">{formatCzk(payment.allocated_amount)}</td>
                  <td>
                    <button type="button" className="button button--secondary button--small" aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => onToggle(payment.id)}>
                      {open ? 'Skrýt rozúčtování' : 'Rozúčtování'}
                      <span className="visually-hidden"> platby č. {payment.id}</span>
                    </button>
                    {rowActions?.(payment)}
                  </td>
                </tr>
                {open && (
                  <tr id={detailId}>
                    <td colSpan={width}>
                      <AllocationDetail payment={payment} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
