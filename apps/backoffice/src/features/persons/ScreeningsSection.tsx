import { ProcessingState, runScreeningRequest, ScreeningType, type RunScreeningRequest, type ScreeningDetail, type ScreeningListItem } from '@lending/contracts';
import { useState } from 'react';
import { api } from '../../shared/api';
import { type BadgeTone, type Column, DataTable, EMPTY_VALUE, EmptyState, enumOptions, ErrorState, ErrorSummary, formatDateTime, formatOptionalDateTime, Loading, Pagination, SelectField, StatusBadge } from '@lending/ui';
import { validate } from '../../shared/form';
import { isRunning } from '../../shared/polling';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { Section } from '../../shared/ui/Layout';
import { personPaths, useScreening, useScreenings } from './api';

const PAGE_SIZE = 10;

const stateTones: Record<ProcessingState, BadgeTone> = { PENDING: 'neutral', IN_PROGRESS: 'warning', FINISHED: 'success', FAILED: 'danger' };
const outcomeTones: Record<string, BadgeTone> = { CLEAN: 'success', WARNING: 'warning', RISK: 'danger' };

/** The state of one screening; while it runs it polls GET …/screenings/{id}/ and reports the end. */
function ScreeningStatus({
  personId,
  screening,
  onSettled,
}: {
  personId: number;
  screening: ScreeningListItem;
  onSettled: (screening: ScreeningDetail) => void;
}) {
  const { data } = useScreening(personId, screening.id, isRunning(screening.state), onSettled);
  const state = data?.state ?? screening.state;
  return <StatusBadge label={ProcessingState.labels[state]} tone={stateTones[state]} />;
}

export function ScreeningsSection({ personId, canWrite, onSettled }: { personId: number; canWrite: boolean; onSettled: () => void }) {
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const { data, error, mutate } = useScreenings(personPaths.screeningList(personId, { page, page_size: PAGE_SIZE, ordering: '-created_at' }));

  const settled = (screening: ScreeningDetail) => {
    setAnnouncement(
      screening.state === 'FINISHED'
        ? `Prověrka ${screening.type_label} je dokončena${screening.outcome_label ? `: ${screening.outcome_label}` : ''}.`
        : `Prověrka ${screening.type_label} skončila chybou${screening.error ? `: ${screening.error}` : ''}.`,
    );
    void mutate();
    onSettled();
  };

  const columns: Column<ScreeningListItem>[] = [
    {
      key: 'type',
      header: 'Prověrka',
      rowHeader: true,
      render: (s) => <span id={`screening-${s.id}`}>{s.type_label}</span>,
    },
    { key: 'state', header: 'Stav', render: (s) => <ScreeningStatus personId={personId} screening={s} onSettled={settled} /> },
    {
      key: 'outcome',
      header: 'Výsledek',
      render: (s) =>
        s.outcome && s.outcome_label ? (
          <>
            <StatusBadge label={s.outcome_label} tone={outcomeTones[s.outcome] ?? 'neutral'} />
            {s.summary && <p className="cell-note">{s.summary}</p>}
          </>
        ) : s.state === 'FAILED' ? (
          (s.error ?? 'Chyba')
        ) : (
          EMPTY_VALUE
        ),
    },
    { key: 'created', header: 'Spuštěno', render: (s) => formatDateTime(s.created_at) },
    { key: 'finished', header: 'Dokončeno', render: (s) => formatOptionalDateTime(s.finished_at) },
    {
      key: 'download',
      header: 'Protokol',
      render: (s) =>
        s.has_file ? (
          <DownloadButton
            path={s.download_url ?? personPaths.screeningDownload(personId, s.id)}
            fallbackName={`proverka-${s.id}.pdf`}
            describedBy={`screening-${s.id}`}
          >
            Stáhnout PDF
          </DownloadButton>
        ) : (
          EMPTY_VALUE
        ),
    },
  ];

  return (
    <Section title="Prověrky">
      {canWrite && (
        <RunScreeningForm
          personId={personId}
          onStarted={(screening) => {
            setAnnouncement(`Prověrka ${screening.type_label} byla spuštěna, čekám na výsledek.`);
            setPage(1);
            void mutate();
            onSettled();
          }}
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading />
      ) : data.results.length === 0 ? (
        <EmptyState>Na osobě zatím nebyla spuštěna žádná prověrka.</EmptyState>
      ) : (
        <>
          <DataTable caption="Prověrky osoby" captionHidden columns={columns} rows={data.results} rowKey={(s) => s.id} />
          <Pagination label="Stránkování prověrek" page={page} pageSize={PAGE_SIZE} count={data.count} onPageChange={setPage} />
        </>
      )}
    </Section>
  );
}

function RunScreeningForm({ personId, onStarted }: { personId: number; onStarted: (screening: ScreeningDetail) => void }) {
  const form = useForm({ type: '' }, { type: 'Druh prověrky' });
  const onSubmit = form.handleSubmit(
    (values) => validate(runScreeningRequest, { type: values.type || undefined }),
    async (body: RunScreeningRequest) => {
      const screening = await api.post<ScreeningDetail>(personPaths.screenings(personId), body);
      showToast(`Prověrka ${screening.type_label} byla spuštěna.`);
      onStarted(screening);
    },
  );
  return (
    <form className="inline-form inline-form--row" onSubmit={onSubmit} noValidate aria-label="Spustit prověrku">
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('type')} label="Druh prověrky" options={enumOptions(ScreeningType)} placeholder="Vyberte prověrku" />
      <button type="submit" className="button" disabled={form.submitting}>
        {form.submitting ? 'Spouštím…' : 'Spustit prověrku'}
      </button>
    </form>
  );
}
