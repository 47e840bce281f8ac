import {
  expenseCategories,
  IncomeExpenseCategory,
  IncomeExpenseKind,
  incomeCategories,
  incomeExpenseRequest,
  type IncomeExpenseRequest,
  type IncomeExpenseView,
} from '@lending/contracts';
import { api } from '../../shared/api';
import { subtractMoney, sumMoney } from '@lending/contracts/format';
import { type Column, enumOptions, ErrorSummary, formatCzk, SelectField, TextAreaField, TextField } from '@lending/ui';
import { amountFromInput, amountToInput, textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../shared/ui/EditableList';
import { leadPaths, useIncomesExpenses } from './api';

export interface LeadPerson {
  id: number;
  name: string;
}

export function IncomesExpensesSection({ leadId, people, canWrite }: { leadId: number; people: readonly LeadPerson[]; canWrite: boolean }) {
  const { rows, error, mutate } = useIncomesExpenses(leadId);
  const nameOf = (personId: number | null) =>
    personId === null ? 'Domácnost' : (people.find((person) => person.id === personId)?.name ?? `Osoba #${personId}`);

  const columns: Column<IncomeExpenseView>[] = [
    { key: 'category', header: 'Položka', rowHeader: true, render: (item) => IncomeExpenseCategory.labels[item.category] },
    { key: 'kind', header: 'Druh', render: (item) => IncomeExpenseKind.labels[item.kind] },
    { key: 'amount', header: 'Měsíčně', numeric: true, render: (item) => formatCzk(item.amount) },
    { key: 'person', header: 'Čí', render: (item) => nameOf(item.person_id) },
    { key: 'note', header: 'Poznámka', render: (item) => item.note ?? '—' },
  ];

  // Exact sums of the API's decimal strings, never floats.
  const income = sumMoney(rows?.filter((item) => item.kind === 'INCOME').map((item) => item.amount) ?? []);
  const expense = sumMoney(rows?.filter((item) => item.kind === 'EXPENSE').map((item) => item.amount) ?? []);

  return (
    <EditableList
      title="Příjmy a výdaje"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(item) => item.id}
      rowLabel={(item) => `${IncomeExpenseKind.labels[item.kind].toLowerCase()} ${IncomeExpenseCategory.labels[item.category]} ${formatCzk(item.amount)}`}
      emptyText="Zatím nejsou zadány žádné příjmy ani výdaje."
      addLabel="Přidat příjem nebo výdaj"
      editLabel="Upravit příjem nebo výdaj"
      canWrite={canWrite}
      renderEditor={(props) => <IncomeExpenseForm leadId={leadId} people={people} {...props} onSaved={() => void mutate()} />}
      onDelete={async (item) => {
        await api.delete(`${leadPaths.incomesExpenses(leadId)}${item.id}/`);
        showToast('Položka byla smazána.');
        await mutate();
      }}
    >
      {rows && rows.length > 0 && (
        <p className="section__totals">
          Příjmy: <strong>{formatCzk(income)}</strong>, výdaje: <strong>{formatCzk(expense)}</strong>, rozdíl:{' '}
          <strong>{formatCzk(subtractMoney(income, expense))}</strong> měsíčně
        </p>
      )}
    </EditableList>
  );
}

function IncomeExpenseForm({
  leadId,
  people,
  row,
  onDone,
  onCancel,
  onSaved,
}: EditorProps<IncomeExpenseView> & { leadId: number; people: readonly LeadPerson[]; onSaved: () => void }) {
  const form = useForm(
    () => ({
      kind: row?.kind ?? 'INCOME',
      category: row?.category ?? '',
      amount: amountToInput(row?.amount),
      person_id: row?.person_id ? String(row.person_id) : '',
      note: row?.note ?? '',
    }),
    { kind: 'Druh', category: 'Kategorie', amount: 'Částka měsíčně', person_id: 'Čí', note: 'Poznámka' },
  );
  const categories = form.values.kind === 'EXPENSE' ? expenseCategories : incomeCategories;
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(incomeExpenseRequest, {
        kind: values.kind,
        category: values.category || undefined,
        amount: amountFromInput(values.amount),
        person_id: values.person_id ? Number(values.person_id) : null,
        note: textOrNull(values.note),
      }),
    async (body: IncomeExpenseRequest) => {
      if (row) await api.put(`${leadPaths.incomesExpenses(leadId)}${row.id}/`, body);
      else await api.post(leadPaths.incomesExpenses(leadId), body);
      showToast(row ? 'Položka byla upravena.' : 'Položka byla přidána.');
      onSaved();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField
          {...form.field('kind')}
          onChange={(kind) => {
            form.set('kind', kind as typeof form.values.kind);
            // A category of the other kind would only come back as an error.
            const allowed = kind === 'EXPENSE' ? expenseCategories : incomeCategories;
            if (!allowed.includes(form.values.category as IncomeExpenseCategory)) form.set('category', '');
          }}
          label="Druh"
          options={enumOptions(IncomeExpenseKind)}
        />
        <SelectField
          {...form.field('category')}
          label="Kategorie"
          required
          placeholder="Vyberte kategorii"
          options={categories.map((category) => ({ value: category, label: IncomeExpenseCategory.labels[category] }))}
        />
        <TextField {...form.field('amount')} label="Částka měsíčně" hint="Kč" inputMode="decimal" required />
        <SelectField
          {...form.field('person_id')}
          label="Čí"
          placeholder="Domácnost"
          options={people.map((person) => ({ value: String(person.id), label: person.name }))}
        />
      </div>
      <TextAreaField {...form.field('note')} label="Poznámka" />
      <FormActions submitting={form.submitting} submitLabel="Uložit" onCancel={onCancel} />
    </form>
  );
}
