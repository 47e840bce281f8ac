import { dealObligationRequest, ObligationType, type DealObligationView } from '@lending/contracts';
import { type Column, EMPTY_VALUE, enumOptions, formatDate, formatDateTime, StatusBadge } from '@lending/ui';
import { api } from '../../../shared/api';
import { useObligations, useRevalidateDeal } from '../parts-api';
import type { FormField } from './SubResourceForm';
import { SubResourceTab } from './SubResourceTab';

const columns: Column<DealObligationView>[] = [
  { key: 'type', header: 'Druh', rowHeader: true, render: (o) => ObligationType.labels[o.type] },
  { key: 'description', header: 'Popis', render: (o) => o.description ?? EMPTY_VALUE },
  { key: 'due_date', header: 'Splatnost', render: (o) => formatDate(o.due_date) },
  {
    key: 'fulfilled_at',
    header: 'Splněno',
    render: (o) => (o.fulfilled_at ? formatDateTime(o.fulfilled_at) : <StatusBadge label="Nesplněno" tone="warning" />),
  },
  { key: 'note', header: 'Poznámka', render: (o) => o.note ?? EMPTY_VALUE },
];

const fields: FormField[] = [
  { key: 'type', label: 'Druh povinnosti', kind: 'select', required: true, options: enumOptions(ObligationType) },
  { key: 'description', label: 'Popis', kind: 'text' },
  { key: 'due_date', label: 'Splatnost', kind: 'date' },
  { key: 'fulfilled_at', label: 'Splněno', kind: 'datetime', hint: 'Kdy dlužník povinnost splnil; prázdné = nesplněno' },
  { key: 'note', label: 'Poznámka', kind: 'textarea' },
];

/** "Povinnosti": what the debtor must deliver (notarial deed, pledge, documents); undelivered past due is a breach. */
export function ObligationsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useObligations(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const params = { dealId };
  return (
    <SubResourceTab
      title="Povinnosti"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowLabel={(o) => `povinnost ${ObligationType.labels[o.type]}`}
      emptyText="Obchod nemá žádné povinnosti."
      addLabel="Přidat povinnost"
      editLabel="Upravit povinnost"
      fields={fields}
      schema={dealObligationRequest}
      create={(body) => api.post('/api/v1/deals/{dealId}/obligations/', body, { params })}
      update={(row, body) => api.put('/api/v1/deals/{dealId}/obligations/{id}/', body, { params: { ...params, id: row.id } })}
      remove={(row) => api.delete('/api/v1/deals/{dealId}/obligations/{id}/', { params: { ...params, id: row.id } })}
      done={{ created: 'Povinnost byla přidána.', updated: 'Povinnost byla upravena.', deleted: 'Povinnost byla smazána.' }}
      onChanged={revalidate}
      canWrite={canWrite}
    />
  );
}
