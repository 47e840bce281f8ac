import { LastMonthButton } from './LastMonthButton';
import { DealState, reportingMessages, ReportState, ReportType, type ReportView } from '@lending/contracts';
import { ApiError, errorMessage, type Query } from '@lending/api-client';
import { useId, useState, type FormEvent } from 'react';
import {
  type BadgeTone,
  type Column,
  DataTable,
  DEFAULT_PAGE_SIZE,
  EMPTY_VALUE,
  enumOptions,
  formatCzk,
  formatDateTime,
  formatNumber,
  Pagination,
  pluralize,
  RadioGroup,
  SelectField,
  StatusBadge,
  TextField,
} from '@lending/ui';
import { showToast } from '../../shared/toast';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { Section } from '../../shared/ui/Layout';
import { PersonPicker } from '../../shared/ui/PersonPicker';
import { positiveInt, useUrlState } from '../../shared/ui/useUrlState';
import { generateReport, isPending, reportPaths, useReportList, useRevalidateReports } from './api';
import { filtersText, sourceText } from './report-format';

// "Přehledy" (backoffice.md "Reporting"): the four billing reports. One select chooses the report;
// below it the form that makes one (for roles holding reports.generate) and the list of those made,
// polled while one is still being made.

type Extra = 'person' | 'state' | 'deal_id' | 'paired';

/** The filters of each report beyond its date range: exactly the spec's parameters. */
const EXTRA_FILTERS: Record<ReportType, readonly Extra[]> = {
  CLAIMS_REPORT: [],
  DEALS_STATES_REPORT: ['person', 'state'],
  PAYMENTS_REPORT: ['deal_id', 'paired'],
  PAYMENT_ALLOCATIONS_REPORT: ['deal_id'],
};

/** The labels the screen uses (the allocations report's contract label is longer: "…na pohledávky"). */
const TYPE_LABELS: Record<ReportType, string> = {
  CLAIMS_REPORT: 'Přehled pohledávek',
  DEALS_STATES_REPORT: 'Přehled stavů obchodů',
  PAYMENTS_REPORT: 'Přehled plateb',
  PAYMENT_ALLOCATIONS_REPORT: 'Přehled rozpadu plateb',
};

const PAIRED_OPTIONS = [
  { value: 'true', label: 'Jen spárované' },
  { value: 'false', label: 'Jen nespárované' },
];

const FORMAT_OPTIONS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'XLSX (Excel)' },
] as const;

interface Draft {
  date_from: string;
  date_to: string;
  person: string;
  state: string;
  deal_id: string;
  paired: string;
  format: 'csv' | 'xlsx';
}

const EMPTY_DRAFT: Draft = { date_from: '', date_to: '', person: '', state: '', deal_id: '', paired: '', format: 'csv' };

const isReportType = (value: string): value is ReportType => (ReportType.values as readonly string[]).includes(value);

export function BillingReports({ canGenerate }: { canGenerate: boolean }) {
  const selectId = useId();
  const { values, update } = useUrlState(['type', 'page', 'page_size'] as const);
  const type: ReportType = isReportType(values.type) ? values.type : 'CLAIMS_REPORT';
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  return (
    <Section title="Přehledy">
      <SelectField
        id={selectId}
        className="report-type"
        label="Typ reportu"
        value={type}
        options={ReportType.values.map((value) => ({ value, label: TYPE_LABELS[value] }))}
        onChange={(next) => update({ type: next === 'CLAIMS_REPORT' ? null : next })}
      />
      {canGenerate && <GenerateForm type={type} onQueued={() => update({ page: null })} />}
      <ReportList type={type} page={page} pageSize={pageSize} onPage={(next) => update({ page: next > 1 ? String(next) : null })} onPageSize={(size) => update({ page_size: size === DEFAULT_PAGE_SIZE ? null : String(size) })} />
    </Section>
  );
}

/** The query a report is asked with: its date range, its own filters when filled in, the format. */
export function reportQuery(type: ReportType, draft: Draft): Query {
  const query: Query = { date_from: draft.date_from, date_to: draft.date_to };
  for (const key of EXTRA_FILTERS[type]) query[key] = draft[key].trim();
  query.format = draft.format;
  return query;
}

function validateDraft(type: ReportType, draft: Draft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (draft.date_from && draft.date_to && draft.date_from > draft.date_to) errors.date_to = [reportingMessages.dateRange];
  if (EXTRA_FILTERS[type].includes('deal_id') && draft.deal_id.trim() && !/^[1-9]\d{0,9}$/.test(draft.deal_id.trim())) errors.deal_id = ['Zadejte číslo obchodu (celé kladné číslo).'];
  return errors;
}

function GenerateForm({ type, onQueued }: { type: ReportType; onQueued: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const revalidate = useRevalidateReports();
  const extra = EXTRA_FILTERS[type];
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDraft(type, draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const report = await generateReport(type, reportQuery(type, draft));
      showToast(
        report.state === 'DONE'
          ? `${TYPE_LABELS[type]} se stejnými filtry už je hotový; najdete jej v seznamu.`
          : `${TYPE_LABELS[type]} je ve frontě; v seznamu uvidíte, jak se připravuje.`,
      );
      onQueued();
      await revalidate();
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.fieldErrors : {};
      const own = Object.fromEntries(Object.entries(fields).filter(([key]) => key in draft));
      setErrors(own);
      if (Object.keys(own).length === 0) showToast(`Report se nepodařilo vytvořit. ${errorMessage(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  const headingId = `${id}-heading`;
  return (
    <form className="report-form" aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={headingId}>Nový report: {TYPE_LABELS[type]}</h3>
      <div className="form-grid">
        <TextField id={`${id}-from`} label="Datum od" type="date" value={draft.date_from} onChange={set('date_from')} error={errors.date_from} />
        <TextField id={`${id}-to`} label="Datum do" type="date" value={draft.date_to} onChange={set('date_to')} error={errors.date_to} />
        <LastMonthButton onPick={(range) => setDraft((current) => ({ ...current, ...range }))} />
        {extra.includes('person') && <PersonPicker id={`${id}-person`} label="Osoba" value={draft.person} onChange={set('person')} error={errors.person} emptyLabel="Všechny osoby" />}
        {extra.includes('state') && <SelectField id={`${id}-state`} label="Stav obchodu" value={draft.state} onChange={set('state')} options={enumOptions(DealState)} placeholder="Všechny stavy" error={errors.state} />}
        {extra.includes('deal_id') && <TextField id={`${id}-deal`} label="Číslo obchodu" inputMode="numeric" value={draft.deal_id} onChange={set('deal_id')} error={errors.deal_id} />}
        {extra.includes('paired') && <SelectField id={`${id}-paired`} label="Párování" value={draft.paired} onChange={set('paired')} options={PAIRED_OPTIONS} placeholder="Vše" error={errors.paired} />}
      </div>
      <RadioGroup name={`${id}-format`} legend="Formát souboru" options={FORMAT_OPTIONS} value={draft.format} onChange={(format) => set('format')(format)} error={errors.format} inline />
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        Vytvořit report
      </button>
    </form>
  );
}

const STATE_TONES: Record<ReportState, BadgeTone> = { QUEUED: 'neutral', RUNNING: 'info', DONE: 'success', FAILED: 'danger' };

/** The state of a report with its progress, or its error. */
export function ReportStateCell({ report }: { report: ReportView }) {
  return (
    <>
      <StatusBadge label={ReportState.labels[report.state]} tone={STATE_TONES[report.state]} />
      {report.state === 'RUNNING' && <p className="cell-note">Zapsáno {pluralize(report.rows, 'řádek', 'řádky', 'řádků')}…</p>}
      {report.state === 'FAILED' && <p className="cell-note report-error">{report.error || reportingMessages.reportFailed}</p>}
    </>
  );
}

const columns: Column<ReportView>[] = [
  {
    key: 'created_at',
    header: 'Vytvořeno',
    rowHeader: true,
    render: (report) => (
      <>
        {formatDateTime(report.created_at)}
        {report.created_by && <p className="cell-note">{report.created_by.name}</p>}
      </>
    ),
  },
  {
    key: 'params',
    header: 'Filtry',
    render: (report) => (
      <>
        {filtersText(report.params)}
        <p className="cell-note">{report.format.toUpperCase()}</p>
      </>
    ),
  },
  { key: 'state', header: 'Stav', render: (report) => <ReportStateCell report={report} /> },
  { key: 'rows', header: 'Řádků', numeric: true, render: (report) => formatNumber(report.rows) },
  {
    key: 'totals',
    header: 'Součty',
    render: (report) => {
      const totals = Object.entries(report.totals);
      if (totals.length === 0) return EMPTY_VALUE;
      return (
        <ul className="plain-list">
          {totals.map(([column, amount]) => (
            <li key={column}>
              {column}: {formatCzk(amount)}
            </li>
          ))}
        </ul>
      );
    },
  },
  { key: 'source', header: 'Zdroj', render: (report) => sourceText(report.metadata) },
  {
    key: 'download',
    header: 'Stáhnout',
    render: (report) =>
      report.state === 'DONE' ? (
        <DownloadButton path={reportPaths.download(report.id)} fallbackName={report.file_name ?? `report-${report.id}.${report.format}`}>
          Stáhnout<span className="visually-hidden"> report č. {report.id}</span>
        </DownloadButton>
      ) : (
        EMPTY_VALUE
      ),
  },
];

function ReportList({ type, page, pageSize, onPage, onPageSize }: { type: ReportType; page: number; pageSize: number; onPage: (page: number) => void; onPageSize: (size: number) => void }) {
  const list = useReportList(type, page, pageSize);
  const pending = list.data?.results.filter((report) => isPending(report.state)).length ?? 0;
  return (
    <div className="report-list">
      <h3>Vytvořené reporty: {TYPE_LABELS[type]}</h3>
      <p className="visually-hidden" role="status">
        {pending > 0 ? `Připravuje se ${pluralize(pending, 'report', 'reporty', 'reportů')}.` : ''}
      </p>
      <DataTable
        caption={`Vytvořené reporty: ${TYPE_LABELS[type]}`}
        captionHidden
        columns={columns}
        rows={list.data?.results}
        rowKey={(report) => report.id}
        error={list.error}
        onRetry={() => void list.mutate()}
        texts={{ loading: 'Načítám reporty…', empty: 'Tento report zatím nikdo nevytvořil.', error: 'Reporty se nepodařilo načíst.' }}
      />
      {list.data && list.data.count > 0 && <Pagination label="Stránkování reportů" page={page} pageSize={pageSize} count={list.data.count} onPageChange={onPage} onPageSizeChange={onPageSize} />}
    </div>
  );
}
