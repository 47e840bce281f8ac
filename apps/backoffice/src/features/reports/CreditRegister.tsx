import { cncbBatchRequest, CncbEncoding, ReportState, type CncbBatchView } from '@lending/contracts';
import { ApiError, errorMessage } from '@lending/api-client';
import { useId, useState, type FormEvent } from 'react';
import { type BadgeTone, type Column, DataTable, DEFAULT_PAGE_SIZE, EMPTY_VALUE, enumOptions, formatDate, formatDateTime, formatNumber, Pagination, SelectField, StatusBadge, TextField } from '@lending/ui';
import { businessToday } from '../../shared/business-date';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { Section } from '../../shared/ui/Layout';
import { createCncbBatch, createRepi, isPending, reportPaths, useCncbBatches, useRevalidateCncbBatches } from './api';
import { monthText, previousMonth } from './report-format';

// "Registr (CNCB)" (docs/decisions/0050): the monthly contribution to the non-bank register of
// client information — every contract (smlouvy) and every person in them (osoby) as files in the
// register's encoding — and its repayment-information part (REPI), made on request.

const STATE_TONES: Record<ReportState, BadgeTone> = { QUEUED: 'neutral', RUNNING: 'info', DONE: 'success', FAILED: 'danger' };

export function CreditRegister({ canRegister }: { canRegister: boolean }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [encoding, setEncoding] = useState<CncbEncoding>('UTF-8');
  const batches = useCncbBatches(page, pageSize);
  const revalidate = useRevalidateCncbBatches();
  const [repiBusy, setRepiBusy] = useState<number | null>(null);

  async function requestRepi(batch: CncbBatchView) {
    setRepiBusy(batch.id);
    try {
      await createRepi(batch.id);
      showToast(`REPI dávky za ${monthText(batch.period)} se připravuje.`);
      await revalidate();
    } catch (error) {
      showToast(`REPI se nepodařilo vytvořit. ${errorMessage(error)}`, 'error');
    } finally {
      setRepiBusy(null);
    }
  }

  const columns: Column<CncbBatchView>[] = [
    { key: 'period', header: 'Období', rowHeader: true, render: (batch) => monthText(batch.period) },
    { key: 'as_of', header: 'Stav k', render: (batch) => formatDate(batch.as_of) },
    {
      key: 'state',
      header: 'Stav',
      render: (batch) => (
        <>
          <StatusBadge label={ReportState.labels[batch.state]} tone={STATE_TONES[batch.state]} />
          {batch.state === 'FAILED' && batch.error && <p className="cell-note report-error">{batch.error}</p>}
        </>
      ),
    },
    { key: 'deals', header: 'Smluv', numeric: true, render: (batch) => formatNumber(batch.deals) },
    { key: 'persons', header: 'Osob', numeric: true, render: (batch) => formatNumber(batch.persons) },
    { key: 'repayments', header: 'Splátek (REPI)', numeric: true, render: (batch) => formatNumber(batch.repayments) },
    { key: 'created', header: 'Vytvořeno', render: (batch) => <>{formatDateTime(batch.created_at)}{batch.created_by && <p className="cell-note">{batch.created_by.name}</p>}</> },
    {
      key: 'files',
      header: 'Soubory',
      render: (batch) => {
        if (batch.state !== 'DONE') return EMPTY_VALUE;
        // The files carry unmasked birth numbers: only the roles that make the batches download them.
        if (!canRegister) return <span className="cell-note">Soubory stahuje účetní nebo správce.</span>;
        const which = <span className="visually-hidden"> – {monthText(batch.period)}</span>;
        return (
          <div className="row-actions report-files">
            <DownloadButton path={reportPaths.cncbFile(batch.id, 'deal-report', encoding)} fallbackName={`cncb-${batch.period}-smlouvy.txt`}>
              Stáhnout smlouvy{which}
            </DownloadButton>
            <DownloadButton path={reportPaths.cncbFile(batch.id, 'person-report', encoding)} fallbackName={`cncb-${batch.period}-osoby.txt`}>
              Stáhnout osoby{which}
            </DownloadButton>
            {batch.repi_state === 'DONE' ? (
              <DownloadButton path={reportPaths.cncbFile(batch.id, 'deal-report', encoding, true)} fallbackName={`cncb-${batch.period}-repi.txt`}>
                Stáhnout REPI{which}
              </DownloadButton>
            ) : batch.repi_state && isPending(batch.repi_state) ? (
              <span className="cell-note">REPI: {ReportState.labels[batch.repi_state]}</span>
            ) : canRegister ? (
              <button type="button" className="button button--secondary button--small" disabled={repiBusy === batch.id} onClick={() => void requestRepi(batch)}>
                {batch.repi_state === 'FAILED' ? 'Vytvořit REPI znovu' : 'Vytvořit REPI'}
                {which}
              </button>
            ) : (
              <span className="cell-note">{batch.repi_state === 'FAILED' ? 'REPI: chyba' : 'REPI zatím nevytvořeno'}</span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <Section title="Registr (CNCB)">
      <p>Měsíční dávka pro nebankovní registr klientských informací (CNCB / NRKI): všechny smlouvy a osoby v nich, a na vyžádání informace o splácení (REPI).</p>
      {canRegister && (
        <div className="register-create">
          <CreateBatchForm onCreated={() => setPage(1)} />
        </div>
      )}
      <SelectField id={`${id}-encoding`} label="Kódování souborů" value={encoding} onChange={(value) => setEncoding(value as CncbEncoding)} options={enumOptions(CncbEncoding)} />
      <DataTable
        caption="Dávky pro registr"
        captionHidden
        columns={columns}
        rows={batches.data?.results}
        rowKey={(batch) => batch.id}
        error={batches.error}
        onRetry={() => void batches.mutate()}
        texts={{ loading: 'Načítám dávky…', empty: 'Zatím nebyla vytvořena žádná dávka.', error: 'Dávky pro registr se nepodařilo načíst.' }}
      />
      {batches.data && batches.data.count > 0 && (
        <Pagination
          label="Stránkování dávek"
          page={page}
          pageSize={pageSize}
          count={batches.data.count}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </Section>
  );
}

function CreateBatchForm({ onCreated }: { onCreated: () => void }) {
  const id = useId();
  const [period, setPeriod] = useState(() => previousMonth(businessToday()).period);
  const [error, setError] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const revalidate = useRevalidateCncbBatches();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own check and message (a month, RRRR-MM); the API says whether it is closed.
    const checked = validate(cncbBatchRequest, { period: period.trim() });
    if (!checked.ok) {
      setError(checked.errors.period ?? Object.values(checked.errors).flat());
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const batch = await createCncbBatch(period.trim());
      showToast(`Dávka za ${monthText(batch.period)} se připravuje.`);
      onCreated();
      await revalidate();
    } catch (failure) {
      const fields = failure instanceof ApiError && failure.status === 400 ? failure.fieldErrors : {};
      if (fields.period) setError(fields.period);
      else showToast(`Dávku se nepodařilo vytvořit. ${errorMessage(failure)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form inline-form--row" aria-label="Nová dávka pro registr" noValidate onSubmit={(event) => void submit(event)}>
      <TextField id={`${id}-period`} label="Období (měsíc)" type="text" inputMode="numeric" placeholder="RRRR-MM" hint="Uplynulý měsíc, např. 2026-03" value={period} onChange={setPeriod} error={error} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        Vytvořit dávku
      </button>
    </form>
  );
}
