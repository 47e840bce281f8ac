import {
  idmDecisionLabels,
  idmEvaluationRequest,
  ProcessingState,
  type IdmDecision,
  type IdmEvaluationRequest,
  type IdmEvaluationView,
} from '@lending/contracts';
import { api } from '../../shared/api';
import { type BadgeTone, type Column, DataTable, EMPTY_VALUE, EmptyState, ErrorState, ErrorSummary, formatCzk, formatDateTime, formatNumber, formatPercent, Loading, StatusBadge, TextField } from '@lending/ui';
import { amountFromInput, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { DescriptionList, Section } from '../../shared/ui/Layout';
import { isRunning, leadPaths, useIdmCheckResult, useIdmEvaluations } from './api';

const decisionTones: Record<IdmDecision, BadgeTone> = { APPROVE: 'success', REJECT: 'danger', MANUAL_REVIEW: 'warning' };

function DecisionBadge({ decision }: { decision: IdmDecision | null }) {
  return decision ? <StatusBadge label={idmDecisionLabels[decision]} tone={decisionTones[decision]} /> : <>{EMPTY_VALUE}</>;
}

/** DTI is a multiple of the annual income ("2,4×"). */
function formatMultiple(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE : `${formatNumber(value)}×`;
}

const columns: Column<IdmEvaluationView>[] = [
  { key: 'created_at', header: 'Spuštěno', rowHeader: true, render: (e) => formatDateTime(e.created_at) },
  { key: 'state', header: 'Stav', render: (e) => ProcessingState.labels[e.state] },
  { key: 'decision', header: 'Rozhodnutí', render: (e) => <DecisionBadge decision={e.decision} /> },
  { key: 'dsti', header: 'DSTI', numeric: true, render: (e) => formatPercent(e.result?.dsti) },
  { key: 'dti', header: 'DTI', numeric: true, render: (e) => formatMultiple(e.result?.dti) },
  { key: 'free', header: 'Volný příjem', numeric: true, render: (e) => (e.result ? formatCzk(e.result.free_income) : EMPTY_VALUE) },
];

function newestFirst(rows: readonly IdmEvaluationView[]): IdmEvaluationView[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

export function IdmSection({ leadId, canWrite }: { leadId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useIdmEvaluations(leadId);
  const sorted = rows ? newestFirst(rows) : undefined;
  const latest = sorted?.[0];

  return (
    <Section title="Úvěrové hodnocení (IDM)">
      {canWrite && <RunIdmForm leadId={leadId} onStarted={() => void mutate()} />}
      {error && !rows ? (
        <ErrorState error={error} onRetry={() => void mutate()} />
      ) : !sorted ? (
        <Loading />
      ) : !latest ? (
        <EmptyState>Úvěrové hodnocení zatím nebylo spuštěno.</EmptyState>
      ) : (
        <>
          <LatestResult leadId={leadId} evaluation={latest} onSettled={() => void mutate()} />
          {sorted.length > 1 && (
            <details className="history">
              <summary>Všechna hodnocení ({sorted.length})</summary>
              <DataTable caption="Všechna úvěrová hodnocení" captionHidden columns={columns} rows={sorted} rowKey={(e) => e.id} />
            </details>
          )}
        </>
      )}
    </Section>
  );
}

/** The newest evaluation, read through check-result, which is polled while it still runs. */
function LatestResult({ leadId, evaluation, onSettled }: { leadId: number; evaluation: IdmEvaluationView; onSettled: () => void }) {
  const check = useIdmCheckResult(leadId, evaluation.id, (settled) => {
    // The list still says "running": refresh it once check-result has the outcome.
    if (!isRunning(settled.state) && isRunning(evaluation.state)) onSettled();
  });
  const result = check.data;
  const state = result?.state ?? evaluation.state;
  const limits = evaluation.result?.limits;

  return (
    <div className="idm-result" aria-live="polite">
      <h3>Poslední hodnocení ze dne {formatDateTime(evaluation.created_at)}</h3>
      {check.error && !result ? (
        <ErrorState error={check.error} onRetry={() => void check.mutate()} />
      ) : isRunning(state) ? (
        <p role="status">Hodnocení se zpracovává ({ProcessingState.labels[state]})…</p>
      ) : state === 'FAILED' ? (
        <p className="state state--error">Hodnocení skončilo chybou{evaluation.error ? `: ${evaluation.error}` : '.'}</p>
      ) : (
        <>
          <DescriptionList
            items={[
              { label: 'Rozhodnutí', value: <DecisionBadge decision={result?.decision ?? evaluation.decision} /> },
              {
                label: 'DSTI (splátky / čistý příjem)',
                value: `${formatPercent(result?.dsti ?? evaluation.result?.dsti)}${limits ? ` (limit ${formatPercent(limits.max_dsti)})` : ''}`,
              },
              {
                label: 'DTI (dluhy / roční čistý příjem)',
                value: `${formatMultiple(result?.dti ?? evaluation.result?.dti)}${limits ? ` (limit ${formatMultiple(limits.max_dti)})` : ''}`,
              },
              {
                label: 'Volný příjem po splátkách a výdajích',
                value: (() => {
                  const free = result?.free_income ?? evaluation.result?.free_income;
                  return free === null || free === undefined ? EMPTY_VALUE : formatCzk(free);
                })(),
              },
              ...(evaluation.result
                ? [
                    { label: 'Čistý měsíční příjem', value: formatCzk(evaluation.result.monthly_net_income) },
                    { label: 'Měsíční výdaje', value: formatCzk(evaluation.result.monthly_expenses) },
                    { label: 'Stávající splátky', value: formatCzk(evaluation.result.existing_installments) },
                    { label: 'Nová splátka', value: formatCzk(evaluation.result.new_installment) },
                  ]
                : []),
            ]}
          />
          {(result?.reasons ?? evaluation.result?.reasons ?? []).length > 0 && (
            <>
              <h4>Důvody</h4>
              <ul className="reasons">
                {(result?.reasons ?? evaluation.result?.reasons ?? []).map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}

function RunIdmForm({ leadId, onStarted }: { leadId: number; onStarted: () => void }) {
  const form = useForm(
    { requested_value: '', requested_installment: '' },
    { requested_value: 'Požadovaná výše úvěru', requested_installment: 'Požadovaná splátka' },
  );
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(idmEvaluationRequest, {
        requested_value: amountFromInput(values.requested_value),
        requested_installment: amountFromInput(values.requested_installment),
      }),
    async (body: IdmEvaluationRequest) => {
      const evaluation = await api.post<IdmEvaluationView>(leadPaths.idmEvaluations(leadId), body);
      showToast(
        evaluation.decision
          ? `Úvěrové hodnocení je hotové: ${idmDecisionLabels[evaluation.decision]}.`
          : 'Úvěrové hodnocení bylo spuštěno.',
      );
      form.setValues({ requested_value: '', requested_installment: '' });
      onStarted();
    },
  );
  return (
    <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Spustit úvěrové hodnocení">
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <TextField {...form.field('requested_value')} label="Požadovaná výše úvěru" hint="Kč; prázdné = částka ze žádosti" inputMode="decimal" />
        <TextField
          {...form.field('requested_installment')}
          label="Požadovaná splátka"
          hint="Kč měsíčně; prázdné = splátka ze žádosti"
          inputMode="decimal"
        />
      </div>
      <button type="submit" className="button" disabled={form.submitting}>
        {form.submitting ? 'Spouštím…' : 'Spustit hodnocení'}
      </button>
    </form>
  );
}
