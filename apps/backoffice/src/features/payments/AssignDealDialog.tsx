import { ApiError, errorMessage } from '@lending/api-client';
import { useEffect, useId, useState } from 'react';
import type { Payment } from '@lending/contracts';
import { Dialog, ErrorSummary, formatCzk, formatDate, pluralize, RadioGroup, summaryItems, TextField, type SummaryItem } from '@lending/ui';
import { intOrText } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { assignDeals, useDealSearch, useRevalidatePayments } from './api';

/** How long typing pauses before the deals are searched. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** How many of the chosen payments the dialog describes one by one. */
const SHOWN_PAYMENTS = 5;

/**
 * Pairs the chosen payments to one deal (PATCH /payments/bulk_assign_deals/); the API then
 * allocates them by the deal's profile. The deal is typed by its number or found by a search;
 * the dialog shows what is being assigned (amount, date, symbols, payer, message) and each
 * candidate's overdue amount, so the match can be judged without leaving it.
 */
export function AssignDealDialog({ payments, onClose, onDone }: { payments: Payment[]; onClose: () => void; onDone: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Přiřadit k obchodu">
      <AssignDealForm payments={payments} onClose={onClose} onDone={onDone} />
    </Dialog>
  );
}

function PaymentSummary({ payment }: { payment: Payment }) {
  const symbols = [payment.variable_symbol && `VS ${payment.variable_symbol}`, payment.specific_symbol && `SS ${payment.specific_symbol}`].filter(Boolean).join(', ');
  const payer = payment.counter_account_name || payment.counter_account;
  return (
    <li>
      <strong>{formatCzk(payment.amount)}</strong> ze dne {formatDate(payment.date)}
      {symbols && `, ${symbols}`}
      {payer && `, plátce ${payer}`}
      {payment.message && (
        <>
          <br />
          <span className="cell-note">Zpráva: {payment.message}</span>
        </>
      )}
    </li>
  );
}

function AssignDealForm({ payments, onClose, onDone }: { payments: Payment[]; onClose: () => void; onDone: () => void }) {
  const paymentIds = payments.map((payment) => payment.id);
  const id = useId();
  const [dealText, setDealText] = useState('');
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const found = useDealSearch(settled.length >= 2 ? settled : '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const revalidate = useRevalidatePayments();
  const dealId = `${id}-deal`;

  async function submit() {
    setAttempt((n) => n + 1);
    setRefusal(null);
    const deal = intOrText(dealText);
    if (typeof deal !== 'number' || deal < 1) {
      setErrors({ deal: [deal === undefined ? 'Zadejte číslo obchodu nebo obchod vyhledejte.' : 'Zadejte číslo obchodu (kladné celé číslo).'] });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await assignDeals(paymentIds, deal);
      await revalidate();
      showToast(`${pluralize(paymentIds.length, 'platba přiřazena', 'platby přiřazeny', 'plateb přiřazeno')} k obchodu #${deal}.`);
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && Object.keys(failure.fieldErrors).length > 0) setErrors(failure.fieldErrors);
      else setRefusal(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  }

  const items: SummaryItem[] = [...summaryItems(errors, [['deal', dealId, 'Obchod']]), ...(refusal ? [{ message: refusal, refusal: true }] : [])];
  const options = (found.data?.results ?? []).map((deal) => ({
    value: String(deal.id),
    label: `#${deal.id} ${deal.borrower?.name || 'bez dlužníka'}${deal.contract_number ? `, smlouva ${deal.contract_number}` : ''}${deal.variable_symbol ? `, VS ${deal.variable_symbol}` : ''}, dluží ${formatCzk(deal.outstanding)}, po splatnosti ${formatCzk(deal.overdue)}`,
  }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>Vybráno: {pluralize(paymentIds.length, 'platba', 'platby', 'plateb')}. Platby se po přiřazení rozúčtují podle alokačního profilu obchodu.</p>
      <ul aria-label="Přiřazované platby" className="plain-list">
        {payments.slice(0, SHOWN_PAYMENTS).map((payment) => (
          <PaymentSummary key={payment.id} payment={payment} />
        ))}
        {payments.length > SHOWN_PAYMENTS && <li>a {pluralize(payments.length - SHOWN_PAYMENTS, 'další platba', 'další platby', 'dalších plateb')}</li>}
      </ul>
      <ErrorSummary items={items} focusKey={attempt} />
      <TextField id={dealId} label="Číslo obchodu" value={dealText} onChange={setDealText} inputMode="numeric" error={errors.deal} />
      <TextField
        id={`${id}-search`}
        label="Vyhledat obchod"
        hint="Jméno dlužníka, číslo smlouvy nebo variabilní symbol"
        type="search"
        value={search}
        onChange={setSearch}
      />
      {settled.length >= 2 && found.data && options.length === 0 && <p>Žádný obchod neodpovídá hledání.</p>}
      {options.length > 0 && <RadioGroup name={`${id}-found`} legend="Nalezené obchody" options={options} value={dealText} onChange={setDealText} />}
      <FormActions submitting={submitting} submitLabel="Přiřadit" onCancel={onClose} />
    </form>
  );
}
