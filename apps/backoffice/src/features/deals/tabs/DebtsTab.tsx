import { dealDebtRequest, DebtType, type DealDebtView } from '@lending/contracts';
import { type Column, EMPTY_VALUE, enumOptions, formatBoolean, formatCzk, formatMoney } from '@lending/ui';
import { api } from '../../../shared/api';
import { useDealModelVersions, useDebts, useRevalidateDeal } from '../parts-api';
import { DealModelFilter, useDealModelFilter } from './DealModelFilter';
import type { FormField } from './SubResourceForm';
import { SubResourceTab } from './SubResourceTab';

/** "Dluhy": the debtor's debts the deal knows of (refinanced by it, or weighed when it was made). */
export function DebtsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const filter = useDealModelFilter('debts_model');
  const { rows, error, mutate } = useDebts(dealId, filter.value);
  const versions = useDealModelVersions(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const versionOf = (id: number | null) => (id === null ? EMPTY_VALUE : (versions.find((v) => v.value === String(id))?.label ?? `#${id}`));
  const params = { dealId };

  const columns: Column<DealDebtView>[] = [
    { key: 'creditor', header: 'Věřitel', rowHeader: true, render: (d) => d.creditor },
    { key: 'type', header: 'Druh', render: (d) => DebtType.labels[d.type] },
    { key: 'amount', header: 'Výše dluhu', numeric: true, render: (d) => formatCzk(d.amount) },
    { key: 'installment', header: 'Měsíční splátka', numeric: true, render: (d) => formatMoney(d.installment_value) },
    { key: 'account', header: 'Účet / VS', render: (d) => [d.bank_account, d.variable_symbol].filter(Boolean).join(', ') || EMPTY_VALUE },
    { key: 'refinance', header: 'Refinancovat', render: (d) => formatBoolean(d.to_refinance) },
    { key: 'model', header: 'Model', render: (d) => versionOf(d.deal_model) },
    { key: 'note', header: 'Poznámka', render: (d) => d.note ?? EMPTY_VALUE },
  ];

  const fields: FormField[] = [
    { key: 'type', label: 'Druh dluhu', kind: 'select', required: true, options: enumOptions(DebtType) },
    { key: 'creditor', label: 'Věřitel', kind: 'text', required: true },
    { key: 'amount', label: 'Výše dluhu', kind: 'money', required: true },
    { key: 'installment_value', label: 'Měsíční splátka', kind: 'money', hint: 'Kč, nepovinné' },
    { key: 'bank_account', label: 'Číslo účtu věřitele', kind: 'text' },
    { key: 'variable_symbol', label: 'Variabilní symbol', kind: 'text' },
    { key: 'deal_model', label: 'Verze modelu obchodu', kind: 'select', numeric: true, options: versions },
    { key: 'to_refinance', label: 'Refinancovat tímto obchodem', kind: 'checkbox' },
    { key: 'note', label: 'Poznámka', kind: 'textarea' },
  ];

  return (
    <SubResourceTab
      title="Dluhy"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowLabel={(d) => `dluh u věřitele ${d.creditor}`}
      emptyText={filter.value ? 'K této verzi modelu nejsou evidovány žádné dluhy.' : 'Obchod nemá evidované žádné dluhy.'}
      addLabel="Přidat dluh"
      editLabel="Upravit dluh"
      fields={fields}
      schema={dealDebtRequest}
      create={(body) => api.post('/api/v1/deals/{dealId}/debts/', body, { params })}
      update={(row, body) => api.put('/api/v1/deals/{dealId}/debts/{id}/', body, { params: { ...params, id: row.id } })}
      remove={(row) => api.delete('/api/v1/deals/{dealId}/debts/{id}/', { params: { ...params, id: row.id } })}
      done={{ created: 'Dluh byl přidán.', updated: 'Dluh byl upraven.', deleted: 'Dluh byl smazán.' }}
      onChanged={revalidate}
      canWrite={canWrite}
    >
      <DealModelFilter dealId={dealId} value={filter.value} onChange={filter.set} />
    </SubResourceTab>
  );
}
