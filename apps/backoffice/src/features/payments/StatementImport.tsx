import type { PaymentStatement } from '@lending/contracts';
import { ApiError, errorMessage } from '@lending/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import { paymentMessages, bankCodeOf } from '@lending/contracts';
import { EMPTY_VALUE, FieldError, formatDate, formatDateTime, formatNumber } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useRevalidatePayments, useStatement, uploadStatement } from './api';

export const STATE_LABELS: Record<PaymentStatement['state'], string> = {
  QUEUED: 'Čeká na zpracování',
  PROCESSING: 'Zpracovává se',
  DONE: 'Dokončeno',
  FAILED: 'Import selhal',
};

export const FORMAT_LABELS: Record<PaymentStatement['format'], string> = { camt053: 'camt.053 (XML)', gpc: 'GPC (ABO)' };

/** The statement's bank and account: "Česká spořitelna, 19-2000145399/0800". */
export function bankAndAccount(statement: PaymentStatement): string {
  if (!statement.account) return EMPTY_VALUE;
  const code = statement.bank_code ?? bankCodeOf(statement.account);
  const bank = statement.bank ?? (code ? `kód banky ${code}` : null);
  return bank ? `${bank}, ${statement.account}` : statement.account;
}

/** The days it covers: "1. 3. 2025 – 31. 3. 2025", one day once. */
export function periodOf(statement: PaymentStatement): string {
  const { period_from: from, period_to: to } = statement;
  if (!from || !to) return EMPTY_VALUE;
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

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

/**
 * An import's state and figures (the upload's answer, the history's detail). An upload of a file
 * imported before answers the first import's figures: they are labelled as that import's.
 */
export function StatementProgress({ statement, live = true }: { statement: PaymentStatement; live?: boolean }) {
  const id = useId();
  const running = statement.state === 'QUEUED' || statement.state === 'PROCESSING';
  const earlier = statement.already_imported;
  return (
    <div className="statement-result" aria-live={live ? 'polite' : undefined}>
      <p>
        <strong>{statement.file_name}</strong> ({FORMAT_LABELS[statement.format]}): {STATE_LABELS[statement.state]}
      </p>
      {earlier && (
        <div className="alert" role="status">
          <p>{statement.detail ?? paymentMessages.statementImportedBefore(formatDate(statement.created_at))}</p>
        </div>
      )}
      <dl className="description-list" aria-label="Údaje výpisu">
        <Fact label="Banka a účet" value={bankAndAccount(statement)} />
        <Fact label="Období" value={periodOf(statement)} />
        <Fact label="Nahrál" value={statement.created_by?.name ?? EMPTY_VALUE} />
        <Fact label="Nahráno" value={formatDateTime(statement.created_at)} />
      </dl>
      {running && (
        <p>
          <label htmlFor={`${id}-progress`}>Zpracováno řádků</label>{' '}
          {/* Without a known total the bar is indeterminate: the job has not read the file yet. */}
          <progress id={`${id}-progress`} max={statement.total_lines || undefined} value={statement.total_lines ? statement.processed : undefined} />{' '}
          {statement.total_lines ? `${formatNumber(statement.processed)} z ${formatNumber(statement.total_lines)}` : ''}
        </p>
      )}
      {!running && (
        <dl className="description-list" aria-label={earlier ? `Výsledek původního importu ze dne ${formatDate(statement.created_at)}` : 'Výsledek importu'}>
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

function Fact({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="description-list__item">
      <dt>{label}</dt>
      <dd>{typeof value === 'number' ? formatNumber(value) : value}</dd>
    </div>
  );
}
