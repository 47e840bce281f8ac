import { idmDecisionLabels, ProcessingState, type DealIdmEvaluationView, type IdmDecision } from '@lending/contracts';
import { type BadgeTone, type Column, DataTable, EMPTY_VALUE, formatCzk, formatDateTime, formatNumber, formatPercent, StatusBadge } from '@lending/ui';
import { Section } from '../../../shared/ui/Layout';
import { useDealModelVersions, useIdmEvaluations } from '../parts-api';
import { DealModelFilter, useDealModelFilter } from './DealModelFilter';

const decisionTones: Record<IdmDecision, BadgeTone> = { APPROVE: 'success', REJECT: 'danger', MANUAL_REVIEW: 'warning' };

/**
 * "Hodnocení IDM": the credit evaluations of the deal and of the lead it came from (read-only:
 * they are run on the lead or by the engine, the API has no write here).
 */
export function IdmEvaluationsTab({ dealId }: { dealId: number; canWrite: boolean }) {
  const filter = useDealModelFilter('idm_model');
  const { rows, error, mutate } = useIdmEvaluations(dealId, filter.value);
  const versions = useDealModelVersions(dealId);

  const columns: Column<DealIdmEvaluationView>[] = [
    { key: 'created_at', header: 'Spuštěno', rowHeader: true, render: (e) => formatDateTime(e.created_at) },
    { key: 'origin', header: 'Původ', render: (e) => (e.deal_id === null ? 'Žádost' : 'Obchod') },
    {
      key: 'model',
      header: 'Model',
      render: (e) => (e.deal_model === null ? EMPTY_VALUE : (versions.find((v) => v.value === String(e.deal_model))?.label ?? `#${e.deal_model}`)),
    },
    { key: 'state', header: 'Stav', render: (e) => ProcessingState.labels[e.state] },
    {
      key: 'decision',
      header: 'Rozhodnutí',
      render: (e) => (e.decision ? <StatusBadge label={idmDecisionLabels[e.decision]} tone={decisionTones[e.decision]} /> : EMPTY_VALUE),
    },
    { key: 'dsti', header: 'DSTI', numeric: true, render: (e) => formatPercent(e.result?.dsti) },
    { key: 'dti', header: 'DTI', numeric: true, render: (e) => (e.result?.dti === null || e.result?.dti === undefined ? EMPTY_VALUE : `${formatNumber(e.result.dti)}×`) },
    { key: 'free', header: 'Volný příjem', numeric: true, render: (e) => (e.result ? formatCzk(e.result.free_income) : EMPTY_VALUE) },
    { key: 'reasons', header: 'Důvody', render: (e) => e.error ?? (e.result?.reasons.join(' ') || EMPTY_VALUE) },
  ];

  return (
    <Section title="Hodnocení IDM">
      <DealModelFilter dealId={dealId} value={filter.value} onChange={filter.set} />
      <DataTable
        caption="Hodnocení IDM"
        captionHidden
        columns={columns}
        rows={rows}
        error={error}
        onRetry={() => void mutate()}
        rowKey={(e) => e.id}
        texts={{ empty: filter.value ? 'K této verzi modelu není žádné hodnocení.' : 'Obchod ani jeho žádost zatím nemají žádné hodnocení IDM.' }}
      />
    </Section>
  );
}
