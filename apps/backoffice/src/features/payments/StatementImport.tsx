import type { PaymentStatement } from '@lending/contracts';
import { ApiError, errorMessage } from '@lending/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError, formatNumber } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useRevalidatePayments, useStatement, uploadStatement } from './api';

const STATE_LABELS: Record<PaymentStatement['state'], string> = {
  QUEUED: 'Čeká na zpracování',
  PROCESSING: 'Zpracovává se',
  DONE: 'Dokončeno',
  FAILED: 'Import selhal',
};

const FORMAT_LABELS: Record<PaymentStatement['format'], string> = { camt053: 'camt.053 (XML)', gpc: 'GPC (ABO)' };

/**
 * Upload of a bank statement (camt.053 or GPC): the file's transfer, then the import job's
 * progress polled from the statement, then what it booked.
 */
export function StatementImport() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [statementId, setStatementId] = useState<number | null>(null);
  const [first, setFirst] = useState<PaymentStatement | null>(null);
  const statement = useStatement(statementId);
  // Only the upload's answer says the file was imported before (reading the statement back does
  // not): keep that while the statement itself is refreshed.
  const current = statement.data && first ? { ...statement.data, already_imported: first.already_imported, detail: first.detail } : (statement.data ?? first);
  const revalidate = useRevalidatePayments();
  const finished = current?.state === 'DONE' || current?.state === 'FAILED';

  // The inbox shows what the import booked once it is done.
  useEffect(() => {
    if (finished) void revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, current?.id]);

  async function submit() {
    if (!file) {
      setError('Vyberte soubor s výpisem.');
      return;
    }
    setError(null);
    setFirst(null);
    setStatementId(null);
    setSending(0);
    try {
      const answer = await uploadStatement(file, setSending);
      setFirst(answer);
      setStatementId(answer.id);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      // The API's own Czech reason: the file is not a statement (400), or too large, with the limit (413).
      const reason = failure instanceof ApiError && (failure.status === 400 || failure.status === 413) ? (failure.fieldErrors.file ?? failure.fieldErrors.detail)?.[0] : undefined;
      setError(reason ?? errorMessage(failure));
    } finally {
      setSending(null);
    }
  }

  return (
    <Section title="Import bankovního výpisu">
      <form
        className="statement-import"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-file`} className="field__label">
            Soubor výpisu
          </label>
          <p id={`${id}-hint`} className="field__hint">
            camt.053 (XML) nebo GPC (ABO), nejvýše 20 MB. Stejný výpis nahraný znovu nic nového nevytvoří.
          </p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".xml,.gpc,.abo,.txt,application/xml,text/xml,text/plain"
            aria-describedby={error ? `${id}-hint ${id}-file-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <FieldError id={`${id}-file`} error={error ?? undefined} />
        </div>
        <button type="submit" className="button" disabled={sending !== null}>
          {sending !== null ? 'Nahrávám…' : 'Nahrát výpis'}
        </button>
      </form>
      {sending !== null && (
        <p>
          <label htmlFor={`${id}-upload`}>Nahrávání souboru</label>{' '}
          <progress id={`${id}-upload`} max={100} value={Math.round(sending * 100)} />
        </p>
      )}
      {current && <StatementProgress statement={current} />}
    </Section>
  );
}

function StatementProgress({ statement }: { statement: PaymentStatement }) {
  const id = useId();
  const running = statement.state === 'QUEUED' || statement.state === 'PROCESSING';
  return (
    <div className="statement-result" aria-live="polite">
      <p>
        <strong>{statement.file_name}</strong> ({FORMAT_LABELS[statement.format]}): {STATE_LABELS[statement.state]}
      </p>
      {statement.already_imported && <p>{statement.detail ?? 'Tento výpis už byl nahrán; nic nového nevzniklo.'}</p>}
      {running && (
        <p>
          <label htmlFor={`${id}-progress`}>Zpracováno řádků</label>{' '}
          {/* Without a known total the bar is indeterminate: the job has not read the file yet. */}
          <progress id={`${id}-progress`} max={statement.total_lines || undefined} value={statement.total_lines ? statement.processed : undefined} />{' '}
          {statement.total_lines ? `${formatNumber(statement.processed)} z ${formatNumber(statement.total_lines)}` : ''}
        </p>
      )}
      {!running && (
        <dl className="description-list" aria-label="Výsledek importu">
          <Fact label="Řádků ve výpisu" value={statement.total_lines} />
          <Fact label="Nové platby" value={statement.created} />
          <Fact label="Spárováno" value={statement.paired} />
          <Fact label="Nespárováno" value={statement.unpaired} />
          <Fact label="Přeskočeno duplicit" value={statement.duplicates_skipped} />
        </dl>
      )}
      {statement.errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{statement.state === 'FAILED' ? 'Výpis se nepodařilo zpracovat:' : 'Některé řádky se nepodařilo zaúčtovat:'}</p>
          <ul>
            {statement.errors.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <div className="description-list__item">
      <dt>{label}</dt>
      <dd>{formatNumber(value)}</dd>
    </div>
  );
}
