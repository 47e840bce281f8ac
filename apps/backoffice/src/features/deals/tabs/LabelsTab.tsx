import { dealLabelRequest, type DealLabelView } from '@lending/contracts';
import { type Column, EMPTY_VALUE, formatDateTime } from '@lending/ui';
import { api } from '../../../shared/api';
import { useLabels, useRevalidateDeal } from '../parts-api';
import type { FormField } from './SubResourceForm';
import { SubResourceTab } from './SubResourceTab';
import './deal-parts.css';

function Swatch({ color }: { color: string | null }) {
  if (!color) return <>{EMPTY_VALUE}</>;
  return (
    <span>
      <span aria-hidden="true" className="label-swatch" style={{ background: color }} />
      {color}
    </span>
  );
}

const columns: Column<DealLabelView>[] = [
  { key: 'name', header: 'Název', rowHeader: true, render: (l) => l.name },
  { key: 'color', header: 'Barva', render: (l) => <Swatch color={l.color} /> },
  { key: 'created_at', header: 'Přidán', render: (l) => formatDateTime(l.created_at) },
];

const fields: FormField[] = [
  { key: 'name', label: 'Název štítku', kind: 'text', required: true },
  { key: 'color', label: 'Barva', kind: 'text', hint: 'Ve tvaru #RRGGBB, např. #D32F2F; nepovinné' },
];

/** "Štítky": the deal's labels (a name once per deal). */
export function LabelsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useLabels(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const params = { dealId };
  return (
    <SubResourceTab
      title="Štítky"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowLabel={(l) => `štítek ${l.name}`}
      emptyText="Obchod nemá žádné štítky."
      addLabel="Přidat štítek"
      editLabel="Upravit štítek"
      fields={fields}
      schema={dealLabelRequest}
      create={(body) => api.post('/api/v1/deals/{dealId}/label/', body, { params })}
      update={(row, body) => api.put('/api/v1/deals/{dealId}/label/{id}/', body, { params: { ...params, id: row.id } })}
      remove={(row) => api.delete('/api/v1/deals/{dealId}/label/{id}/', { params: { ...params, id: row.id } })}
      done={{ created: 'Štítek byl přidán.', updated: 'Štítek byl upraven.', deleted: 'Štítek byl smazán.' }}
      onChanged={revalidate}
      canWrite={canWrite}
    />
  );
}
