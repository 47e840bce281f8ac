import { PaymentCategory, PaymentPurposeType, paymentPatchRequest, type Payment, type PaymentPatchRequest } from '@lending/contracts';
import { Dialog, enumOptions, ErrorSummary, formatCzk, formatDate, SelectField, TextAreaField, TextField } from '@lending/ui';
import { textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { useForm } from '../../shared/useForm';
import { updatePayment, useRevalidatePayments } from './api';

const LABELS = {
  category: 'Kategorie',
  purpose_type: 'Účel odchozí platby',
  variable_symbol: 'Variabilní symbol',
  specific_symbol: 'Specifický symbol',
  note: 'Poznámka',
} as const;

/**
 * "Upravit" of one payment in the inbox (PATCH /payments/{id}/): its category, the purpose of an
 * outgoing one, its symbols and note. A corrected symbol does not pair the payment again (ADR
 * 0047): its deal changes by "Přiřadit k obchodu".
 */
export function EditPaymentDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={`Upravit platbu č. ${payment.id}`}>
      <EditPaymentForm payment={payment} onClose={onClose} />
    </Dialog>
  );
}

function EditPaymentForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const outgoing = payment.direction === 'OUTGOING_PAYMENT';
  const revalidate = useRevalidatePayments();
  const form = useForm(
    () => ({
      category: payment.category as string,
      purpose_type: payment.purpose_type ?? '',
      variable_symbol: payment.variable_symbol ?? '',
      specific_symbol: payment.specific_symbol ?? '',
      note: payment.note ?? '',
    }),
    LABELS,
  );
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(paymentPatchRequest, {
        category: values.category,
        ...(outgoing ? { purpose_type: values.purpose_type || null } : {}),
        variable_symbol: textOrNull(values.variable_symbol),
        specific_symbol: textOrNull(values.specific_symbol),
        note: textOrNull(values.note),
      }),
    async (body: PaymentPatchRequest) => {
      await updatePayment(payment.id, body);
      await revalidate();
      showToast(`Platba č. ${payment.id} byla upravena.`);
      onClose();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        {formatCzk(payment.amount)} ze dne {formatDate(payment.date)}
        {payment.counter_account_name ? `, plátce ${payment.counter_account_name}` : ''}. Změna symbolu platbu znovu nespáruje; obchod změníte přiřazením.
      </p>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField {...form.field('category')} label={LABELS.category} required options={enumOptions(PaymentCategory)} />
        {outgoing && <SelectField {...form.field('purpose_type')} label={LABELS.purpose_type} placeholder="Neurčeno" options={enumOptions(PaymentPurposeType)} />}
        <TextField {...form.field('variable_symbol')} label={LABELS.variable_symbol} inputMode="numeric" />
        <TextField {...form.field('specific_symbol')} label={LABELS.specific_symbol} inputMode="numeric" />
      </div>
      <TextAreaField {...form.field('note')} label={LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Uložit platbu" onCancel={onClose} />
    </form>
  );
}
