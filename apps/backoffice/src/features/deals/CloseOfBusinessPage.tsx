import { CloseOfBusinessTrigger, closeOfBusinessRequest, DpdBucket, type CloseOfBusinessRequest, type CloseOfBusinessRun } from '@lending/contracts';
import { useState } from 'react';
import { type Column, DataTable, EMPTY_VALUE, ErrorSummary, formatDate, formatDateTime, formatMoney, formatNumber, Pagination, pluralize, TextField } from '@lending/ui';
import { api } from '../../shared/api';
import { businessToday } from '../../shared/business-date';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { useCurrentUser } from '../../shared/current-user';
import { useCloseOfBusinessRuns } from './api';

const PAGE_SIZE = 20;

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds < 60 ? `${formatNumber(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

const columns: Column<CloseOfBusinessRun>[] = [
  { key: 'date', header: 'Obchodní den', rowHeader: true, render: (run) => formatDate(run.business_date) },
  {
    key: 'state',
    header: 'Průběh',
    render: (run) => (run.finished_at ? `Dokončeno ${formatDateTime(run.finished_at)}` : `Běží od ${formatDateTime(run.started_at)}…`),
  },
  { key: 'trigger', header: 'Spuštění', render: (run) => (run.stats ? `${CloseOfBusinessTrigger.labels[run.stats.trigger]}${run.stats.runs > 1 ? `, ${run.stats.runs}. uzávěrka dne` : ''}` : EMPTY_VALUE) },
  { key: 'duration', header: 'Trvání', numeric: true, render: (run) => (run.stats ? duration(run.stats.duration_ms) : EMPTY_VALUE) },
  { key: 'serviced', header: 'Obchodů', numeric: true, render: (run) => (run.stats ? formatNumber(run.stats.serviced_deals) : EMPTY_VALUE) },
  { key: 'overdue', header: 'Po splatnosti', numeric: true, render: (run) => (run.stats ? formatNumber(run.stats.overdue_deals) : EMPTY_VALUE) },
  {
    key: 'buckets',
    header: 'DPD 1–30 / 31–60 / 61–90 / 91+',
    render: (run) => (run.stats ? (['1-30', '31-60', '61-90', '91+'] as const).map((b) => formatNumber(run.stats!.dpd_buckets[b] ?? 0)).join(' / ') : EMPTY_VALUE),
  },
  { key: 'penalty', header: 'Úrok z prodlení', numeric: true, render: (run) => (run.stats ? formatMoney(run.stats.penalty_interest_accrued) : EMPTY_VALUE) },
  { key: 'breaches', header: 'Porušení nová / ukončená', render: (run) => (run.stats ? `${run.stats.breaches_started} / ${run.stats.breaches_ended}` : EMPTY_VALUE) },
];

/** "Uzávěrka dne" (docs/decisions/0026): the closed business dates, and closing one (again). */
export function CloseOfBusinessPage() {
  const { data: me } = useCurrentUser();
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CloseOfBusinessRun[] | null>(null);
  const runs = useCloseOfBusinessRuns(page, running);
  const canRun = me !== undefined && me.permissions.includes('close-of-business.run');

  return (
    <>
      <PageHeader title="Uzávěrka dne" />
      <p>
        Uzávěrka za obchodní den spočítá úrok z prodlení, dny po splatnosti a porušení smlouvy u všech obsluhovaných obchodů. Noční úloha ji spouští
        automaticky; zde ji lze spustit ručně, i znovu za dřívější den.
      </p>
      {canRun && (
        <RunForm
          running={running}
          onStart={() => {
            setRunning(true);
            setResult(null);
          }}
          onDone={(done) => {
            setRunning(false);
            setResult(done);
            setPage(1);
            void runs.mutate();
          }}
        />
      )}
      {result && <RunResult runs={result} />}
      <Section title="Uzavřené dny">
        <div aria-busy={runs.isLoading || undefined}>
          <DataTable
            caption="Uzavřené obchodní dny"
            captionHidden
            columns={columns}
            rows={runs.data?.results}
            rowKey={(run) => run.id}
            error={runs.error}
            onRetry={() => void runs.mutate()}
            texts={{ error: 'Uzávěrky se nepodařilo načíst.', loading: 'Načítám uzávěrky…', empty: 'Zatím nebyl uzavřen žádný den.' }}
          />
          {runs.data && runs.data.count > PAGE_SIZE && <Pagination label="Stránkování uzávěrek" page={page} pageSize={PAGE_SIZE} count={runs.data.count} onPageChange={setPage} />}
        </div>
      </Section>
    </>
  );
}

function RunForm({ running, onStart, onDone }: { running: boolean; onStart: () => void; onDone: (runs: CloseOfBusinessRun[]) => void }) {
  const today = businessToday();
  const form = useForm({ business_date: today }, { business_date: 'Obchodní den' });
  const onSubmit = form.handleSubmit(
    (values) => validate(closeOfBusinessRequest, { business_date: values.business_date }),
    async (body: CloseOfBusinessRequest) => {
      onStart();
      try {
        const answer = await api.post('/api/v1/close-of-business/', body);
        showToast(`Uzávěrka proběhla: ${pluralize(answer.runs.length, 'uzavřený den', 'uzavřené dny', 'uzavřených dní')}.`);
        onDone(answer.runs);
      } catch (error) {
        onDone([]);
        throw error;
      }
    },
  );
  return (
    <Section title="Spustit uzávěrku">
      <form onSubmit={onSubmit} noValidate>
        <ErrorSummary items={form.summary} />
        <TextField
          {...form.field('business_date')}
          label="Obchodní den"
          type="date"
          hint="Dnešní nebo dřívější den. Dny od poslední uzávěrky se uzavřou postupně; dřívější den se uzavře znovu."
          required
        />
        <button type="submit" className="button" disabled={running}>
          {running ? 'Uzávěrka běží…' : 'Spustit uzávěrku'}
        </button>
        {running && (
          <p role="status" className="field__hint">
            Uzávěrka běží; u mnoha obchodů to může trvat několik minut. Průběh se ukazuje v seznamu níže.
          </p>
        )}
      </form>
    </Section>
  );
}

function RunResult({ runs }: { runs: CloseOfBusinessRun[] }) {
  const last = runs.at(-1);
  if (!last?.stats) return null;
  const { stats } = last;
  return (
    <Section title="Výsledek uzávěrky">
      <p role="status">
        Uzavřeno: {runs.map((run) => formatDate(run.business_date)).join(', ')}.
      </p>
      <DescriptionList
        items={[
          { label: 'Poslední uzavřený den', value: formatDate(last.business_date) },
          { label: 'Obsluhované obchody', value: formatNumber(stats.serviced_deals) },
          { label: 'Obchody po splatnosti', value: formatNumber(stats.overdue_deals) },
          ...DpdBucket.values.map((bucket) => ({ label: DpdBucket.labels[bucket], value: formatNumber(stats.dpd_buckets[bucket] ?? 0) })),
          { label: 'Změna DPD u obchodů', value: formatNumber(stats.deals_dpd_changed) },
          { label: 'Nové / upravené pohledávky úroku z prodlení', value: `${stats.penalty_claims_created} / ${stats.penalty_claims_updated}` },
          { label: 'Naběhlý úrok z prodlení', value: formatMoney(stats.penalty_interest_accrued) },
          { label: 'Nová porušení smlouvy', value: formatNumber(stats.breaches_started) },
          { label: 'Ukončená porušení smlouvy', value: formatNumber(stats.breaches_ended) },
          { label: 'Trvání', value: duration(stats.duration_ms) },
        ]}
      />
    </Section>
  );
}
