import { ManualPaymentMethod, manualPaymentRequest, paymentMessages, PaymentPairedBy, type ManualPaymentRequest, type Payment } from '@lending/contracts';
import { useState } from 'react';
import { Dialog, enumOptions, ErrorSummary, formatCzk, MoneyField, SelectField, TextAreaField, TextField } from '@lending/ui';
import { businessToday } from '../../shared/business-date';
import { afterFourEyes } from '../../shared/four-eyes';
import { amountFromInput, intOrText, textOrNull, validate, type Validation } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { useForm } from '../../shared/useForm';
import { enterManualPayment, useRevalidatePayments } from './api';

export const MANUAL_PAYMENT_LABELS = {
  method: 'Jak platba přišla',
  date: 'Datum platby',
  amount: 'Částka',
  variable_symbol: 'Variabilní symbol',
  specific_symbol: 'Specifický symbol',
  counter_account: 'Účet plátce',
  counter_account_name: 'Plátce',
  message: 'Zpráva pro příjemce',
  note: 'Poznámka',
  deal: 'Číslo obchodu',
} as const;

/** A key per opened form: sending the same form again (a retry, a double click) books nothing twice. */
function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `bo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** What the toast says of a booked payment: where it went. */
function bookedMessage(payment: Payment): string {
  const where =
    payment.deal !== null
      ? `k obchodu #${payment.deal} (${PaymentPairedBy.labels[payment.paired_by ?? 'MANUAL_ENTRY'].toLowerCase()})`
      : payment.suggested_deal !== null
        ? `jako nespárovaná (návrh: obchod #${payment.suggested_deal})`
        : 'jako nespárovaná';
  return `Platba č. ${payment.id} (${formatCzk(payment.amount)}) byla zaúčtována ${where}.`;
}

/**
 * "Zadat platbu ručně": one incoming payment that no statement brings — cash at the counter, a
 * postal order, a transfer missing from the statements (POST /payments/, ADR 0047). Booked as an
 * imported one; from the four-eyes threshold it waits for a second user (202: afterFourEyes).
 */
export function ManualPaymentDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Zadat platbu ručně" wide>
      <ManualPaymentForm onClose={onClose} />
    </Dialog>
  );
}

function ManualPaymentForm({ onClose }: { onClose: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const revalidate = useRevalidatePayments();
  const form = useForm(
    () => ({
      method: '',
      date: businessToday(),
      amount: '',
      variable_symbol: '',
      specific_symbol: '',
      counter_account: '',
      counter_account_name: '',
      message: '',
      note: '',
      deal: '',
    }),
    MANUAL_PAYMENT_LABELS,
  );

  function parse(values: typeof form.values): Validation<ManualPaymentRequest> {
    const parsed = validate(manualPaymentRequest, {
      method: values.method || undefined,
      date: values.date || undefined,
      amount: amountFromInput(values.amount),
      variable_symbol: textOrNull(values.variable_symbol),
      specific_symbol: textOrNull(values.specific_symbol),
      counter_account: textOrNull(values.counter_account),
      counter_account_name: textOrNull(values.counter_account_name),
      message: textOrNull(values.message),
      note: textOrNull(values.note),
      deal: values.deal.trim() === '' ? null : intOrText(values.deal),
      idempotency_key: idempotencyKey,
    });
    // The API says the same of a day after today (Prague); said here before sending.
    if (values.date && values.date > businessToday()) {
      const errors = parsed.ok ? {} : { ...parsed.errors };
      errors.date = [...(errors.date ?? []), paymentMessages.manualDateFuture];
      return { ok: false, errors };
    }
    return parsed;
  }

  const onSubmit = form.handleSubmit(parse, async (body) => {
    const answer = await enterManualPayment(body);
    afterFourEyes(answer, (payment) => showToast(bookedMessage(payment)));
    await revalidate();
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>Platba, kterou nepřinese bankovní výpis. Zaúčtuje se stejně jako platba z výpisu: bez zadaného obchodu se spáruje podle symbolů nebo účtu plátce.</p>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField {...form.field('method')} label={MANUAL_PAYMENT_LABELS.method} required placeholder="Vyberte" options={enumOptions(ManualPaymentMethod)} />
        <TextField {...form.field('date')} label={MANUAL_PAYMENT_LABELS.date} type="date" required />
        <MoneyField {...form.field('amount')} label={MANUAL_PAYMENT_LABELS.amount} required />
        <TextField {...form.field('deal')} label={MANUAL_PAYMENT_LABELS.deal} inputMode="numeric" hint="Nepovinné; prázdné: spáruje se podle symbolů nebo účtu" />
        <TextField {...form.field('variable_symbol')} label={MANUAL_PAYMENT_LABELS.variable_symbol} inputMode="numeric" />
        <TextField {...form.field('specific_symbol')} label={MANUAL_PAYMENT_LABELS.specific_symbol} inputMode="numeric" />
        <TextField {...form.field('counter_account')} label={MANUAL_PAYMENT_LABELS.counter_account} hint="Např. 19-2000145399/0800 nebo IBAN" />
        <TextField {...form.field('counter_account_name')} label={MANUAL_PAYMENT_LABELS.counter_account_name} />
      </div>
      <TextField {...form.field('message')} label={MANUAL_PAYMENT_LABELS.message} />
      <TextAreaField {...form.field('note')} label={MANUAL_PAYMENT_LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Zaúčtovat platbu" busyLabel="Zaúčtovávám…" onCancel={onClose} />
    </form>
  );
}
