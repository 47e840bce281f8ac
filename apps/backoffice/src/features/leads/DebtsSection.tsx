import { DebtType, leadDebtRequest, type LeadDebtRequest, type LeadDebtView } from '@lending/contracts';
import { api } from '../../shared/api';
import { sumMoney } from '@lending/contracts/format';
import { CheckboxField, type Column, enumOptions, ErrorSummary, formatBoolean, formatCzk, formatMoney, SelectField, TextAreaField, TextField } from '@lending/ui';
import { amountFromInput, amountOrNull, amountToInput, textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../shared/ui/EditableList';
import { leadPaths, useDebts } from './api';

const columns: Column<LeadDebtView>[] = [
  { key: 'creditor', header: 'Věřitel', rowHeader: true, render: (debt) => debt.creditor },
  { key: 'type', header: 'Druh', render: (debt) => DebtType.labels[debt.type] },
  { key: 'original', header: 'Původní výše', numeric: true, render: (debt) => formatMoney(debt.original_amount) },
  { key: 'remaining', header: 'Zbývá splatit', numeric: true, render: (debt) => formatCzk(debt.remaining_amount) },
  { key: 'installment', header: 'Měsíční splátka', numeric: true, render: (debt) => formatMoney(debt.installment_value) },
  { key: 'refinance', header: 'Refinancovat', render: (debt) => formatBoolean(debt.to_refinance) },
  { key: 'note', header: 'Poznámka', render: (debt) => debt.note ?? '—' },
];

export function DebtsSection({ leadId, canWrite }: { leadId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useDebts(leadId);
  // Exact sums of the API's decimal strings, never floats.
  const remaining = sumMoney(rows?.map((debt) => debt.remaining_amount) ?? []);
  const installments = sumMoney(rows?.map((debt) => debt.installment_value) ?? []);
  return (
    <EditableList
      title="Dluhy"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(debt) => debt.id}
      rowLabel={(debt) => `dluh u věřitele ${debt.creditor}`}
      emptyText="Žadatel neuvedl žádné dluhy."
      addLabel="Přidat dluh"
      editLabel="Upravit dluh"
      canWrite={canWrite}
      renderEditor={(props) => <DebtForm leadId={leadId} {...props} onSaved={() => void mutate()} />}
      onDelete={async (debt) => {
        await api.delete(`${leadPaths.debts(leadId)}${debt.id}/`);
        showToast('Dluh byl smazán.');
        await mutate();
      }}
    >
      {rows && rows.length > 0 && (
        <p className="section__totals">
          Zbývá splatit celkem: <strong>{formatCzk(remaining)}</strong>, měsíční splátky celkem: <strong>{formatCzk(installments)}</strong>
        </p>
      )}
    </EditableList>
  );
}

function DebtForm({ leadId, row, onDone, onCancel, onSaved }: EditorProps<LeadDebtView> & { leadId: number; onSaved: () => void }) {
  const form = useForm(
    () => ({
      type: row?.type ?? '',
      creditor: row?.creditor ?? '',
      original_amount: amountToInput(row?.original_amount),
      remaining_amount: amountToInput(row?.remaining_amount),
      installment_value: amountToInput(row?.installment_value),
      to_refinance: row?.to_refinance ?? false,
      note: row?.note ?? '',
    }),
    {
      type: 'Druh dluhu',
      creditor: 'Věřitel',
      original_amount: 'Původní výše',
      remaining_amount: 'Zbývá splatit',
      installment_value: 'Měsíční splátka',
      note: 'Poznámka',
    },
  );
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(leadDebtRequest, {
        type: values.type || undefined,
        creditor: values.creditor,
        original_amount: amountOrNull(values.original_amount as string),
        remaining_amount: amountFromInput(values.remaining_amount as string),
        installment_value: amountOrNull(values.installment_value as string),
        to_refinance: values.to_refinance,
        note: textOrNull(values.note as string),
      }),
    async (body: LeadDebtRequest) => {
      if (row) await api.put(`${leadPaths.debts(leadId)}${row.id}/`, body);
      else await api.post(leadPaths.debts(leadId), body);
      showToast(row ? 'Dluh byl upraven.' : 'Dluh byl přidán.');
      onSaved();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField {...form.field('type')} label="Druh dluhu" required options={enumOptions(DebtType)} placeholder="Vyberte druh" />
        <TextField {...form.field('creditor')} label="Věřitel" required />
        <TextField {...form.field('original_amount')} label="Původní výše" hint="Kč, nepovinné" inputMode="decimal" />
        <TextField {...form.field('remaining_amount')} label="Zbývá splatit" hint="Kč" inputMode="decimal" required />
        <TextField {...form.field('installment_value')} label="Měsíční splátka" hint="Kč, nepovinné" inputMode="decimal" />
      </div>
      <CheckboxField
        id={form.idOf('to_refinance')}
        label="Refinancovat naším úvěrem"
        checked={form.values.to_refinance as boolean}
        onChange={(checked) => form.set('to_refinance', checked)}
      />
      <TextAreaField {...form.field('note')} label="Poznámka" />
      <FormActions submitting={form.submitting} submitLabel="Uložit dluh" onCancel={onCancel} />
    </form>
  );
}
