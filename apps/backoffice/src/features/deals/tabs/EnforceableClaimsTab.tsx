import { enforceableClaimRequest, EnforceableTitleType, type EnforceableClaimView } from '@lending/contracts';
import { type Column, EMPTY_VALUE, enumOptions, formatCzk, formatDate } from '@lending/ui';
import { api } from '../../../shared/api';
import { useEnforceableClaims, useRevalidateDeal } from '../parts-api';
import type { FormField } from './SubResourceForm';
import { SubResourceTab } from './SubResourceTab';

const columns: Column<EnforceableClaimView>[] = [
  { key: 'title_type', header: 'Exekuční titul', rowHeader: true, render: (e) => EnforceableTitleType.labels[e.title_type] },
  { key: 'amount', header: 'Částka', numeric: true, render: (e) => formatCzk(e.amount) },
  { key: 'costs', header: 'Náklady', numeric: true, render: (e) => formatCzk(e.costs) },
  { key: 'file_mark', header: 'Spisová značka', render: (e) => e.file_mark ?? EMPTY_VALUE },
  { key: 'issued', header: 'Vydal / dne', render: (e) => [e.issued_by, e.issued_at ? formatDate(e.issued_at) : null].filter(Boolean).join(', ') || EMPTY_VALUE },
  { key: 'enforceable_from', header: 'Vykonatelné od', render: (e) => formatDate(e.enforceable_from) },
  { key: 'executor', header: 'Exekutor', render: (e) => [e.executor, e.execution_file_mark].filter(Boolean).join(', ') || EMPTY_VALUE },
];

const fields: FormField[] = [
  { key: 'title_type', label: 'Exekuční titul', kind: 'select', required: true, options: enumOptions(EnforceableTitleType) },
  { key: 'amount', label: 'Částka', kind: 'money', required: true },
  { key: 'costs', label: 'Náklady řízení', kind: 'money', hint: 'Kč, nepovinné' },
  { key: 'file_mark', label: 'Spisová značka', kind: 'text' },
  { key: 'issued_by', label: 'Vydal (soud, notář)', kind: 'text' },
  { key: 'issued_at', label: 'Datum vydání', kind: 'date' },
  { key: 'enforceable_from', label: 'Vykonatelné od', kind: 'date' },
  { key: 'executor', label: 'Soudní exekutor', kind: 'text' },
  { key: 'execution_file_mark', label: 'Spisová značka exekuce', kind: 'text' },
  { key: 'note', label: 'Poznámka', kind: 'textarea' },
];

/** "Vykonatelné pohledávky": the deal's enforcement titles (notarial deed, court decision…). */
export function EnforceableClaimsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useEnforceableClaims(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const params = { dealId };
  return (
    <SubResourceTab
      title="Vykonatelné pohledávky"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowLabel={(e) => `vykonatelnou pohledávku ${EnforceableTitleType.labels[e.title_type]}${e.file_mark ? ` ${e.file_mark}` : ''}`}
      emptyText="Obchod nemá žádné vykonatelné pohledávky."
      addLabel="Přidat vykonatelnou pohledávku"
      editLabel="Upravit vykonatelnou pohledávku"
      fields={fields}
      schema={enforceableClaimRequest}
      create={(body) => api.post('/api/v1/deals/{dealId}/enforceable-claims/', body, { params })}
      update={(row, body) => api.put('/api/v1/deals/{dealId}/enforceable-claims/{id}/', body, { params: { ...params, id: row.id } })}
      remove={(row) => api.delete('/api/v1/deals/{dealId}/enforceable-claims/{id}/', { params: { ...params, id: row.id } })}
      done={{ created: 'Vykonatelná pohledávka byla přidána.', updated: 'Vykonatelná pohledávka byla upravena.', deleted: 'Vykonatelná pohledávka byla smazána.' }}
      onChanged={revalidate}
      canWrite={canWrite}
    />
  );
}
