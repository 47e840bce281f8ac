import { LastMonthButton } from './LastMonthButton';
import { DealState, DealType, reportingMessages, type PortfolioFigures, type PortfolioReport as Report } from '@lending/contracts';
import type { Query } from '@lending/api-client';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxGroup, enumOptions, ErrorState, formatCzk, formatDate, formatNumber, formatPercent, Loading, TableScroll, TextField } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { usePortfolioReport } from './api';
import { sourceText } from './report-format';

// "Portfolio" (SERVICING.md §9): per deal type and state, the stocks of the close of business's
// snapshot on or before "Datum do" and the flows of the period, with their total.

const BUCKETS = ['1-30', '31-60', '61-90', '91+'] as const;
const BUCKET_LABELS: Record<(typeof BUCKETS)[number], string> = { '1-30': '1–30 dní', '31-60': '31–60 dní', '61-90': '61–90 dní', '91+': '91+ dní' };

const share = (value: string) => formatPercent(Number(value));

interface Filters {
  date_from: string;
  date_to: string;
  deal_states: string[];
  deal_types: string[];
}

export function PortfolioReport() {
  const id = useId();
  const [draft, setDraft] = useState<Filters>({ date_from: '', date_to: '', deal_states: [], deal_types: [] });
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState<Query | null>(null);
  const report = usePortfolioReport(query);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.date_from && draft.date_to && draft.date_from > draft.date_to) {
      setError(reportingMessages.dateRange);
      return;
    }
    setError(null);
    const next = { date_from: draft.date_from, date_to: draft.date_to, deal_states: draft.deal_states, deal_types: draft.deal_types };
    // The same filters again: ask again (a close of business may have run since).
    if (JSON.stringify(next) === JSON.stringify(query)) void report.mutate();
    else setQuery(next);
  }

  return (
    <Section title="Portfolio">
      <form className="report-form" aria-label="Filtr portfolia" noValidate onSubmit={submit}>
        <p className="field__hint">Stavy jsou ze dne „Datum do“ (poslední uzávěrky do něj), toky za celé období. Bez dat: poslední uzávěrka a její měsíc.</p>
        <div className="form-grid">
          <TextField id={`${id}-from`} label="Datum od" type="date" value={draft.date_from} onChange={(date_from) => setDraft((d) => ({ ...d, date_from }))} />
          <TextField id={`${id}-to`} label="Datum do" type="date" value={draft.date_to} onChange={(date_to) => setDraft((d) => ({ ...d, date_to }))} error={error ?? undefined} />
          <LastMonthButton onPick={(range) => setDraft((d) => ({ ...d, ...range }))} />
        </div>
        <details className="report-form__more">
          <summary>Stavy a typy obchodů{draft.deal_states.length + draft.deal_types.length > 0 ? ` (vybráno ${draft.deal_states.length + draft.deal_types.length})` : ' (všechny)'}</summary>
          <CheckboxGroup id={`${id}-states`} legend="Stavy obchodů" options={enumOptions(DealState)} value={draft.deal_states} onChange={(deal_states) => setDraft((d) => ({ ...d, deal_states }))} />
          <CheckboxGroup id={`${id}-types`} legend="Typy obchodů" options={enumOptions(DealType)} value={draft.deal_types} onChange={(deal_types) => setDraft((d) => ({ ...d, deal_types }))} />
        </details>
        <button type="submit" className="button">
          Zobrazit portfolio
        </button>
      </form>
      {query &&
        (report.error ? (
          <ErrorState error={report.error} title="Portfolio se nepodařilo zobrazit." />
        ) : !report.data ? (
          <Loading label="Načítám portfolio…" />
        ) : (
          <PortfolioTable report={report.data} />
        ))}
    </Section>
  );
}

function FigureCells({ figures }: { figures: PortfolioFigures }) {
  const byBucket = new Map(figures.buckets.map((b) => [b.bucket, b]));
  return (
    <>
      <td className="table__numeric">{formatNumber(figures.deals)}</td>
      <td className="table__numeric">{formatCzk(figures.principal_outstanding)}</td>
      <td className="table__numeric">
        {formatCzk(figures.overdue)}
        <span className="cell-note"> ({share(figures.overdue_share)})</span>
      </td>
      {BUCKETS.map((bucket) => {
        const found = byBucket.get(bucket);
        return (
          <td key={bucket} className="table__numeric">
            {formatCzk(found?.amount ?? '0')}
            <span className="cell-note"> ({formatNumber(found?.deals ?? 0)})</span>
          </td>
        );
      })}
      <td className="table__numeric">{share(figures.par30)}</td>
      <td className="table__numeric">{share(figures.par90)}</td>
      <td className="table__numeric">{formatCzk(figures.penalty_interest)}</td>
      <td className="table__numeric">{formatNumber(figures.breaches)}</td>
      <td className="table__numeric">{formatNumber(figures.new_deals)}</td>
      <td className="table__numeric">{formatCzk(figures.new_volume)}</td>
      <td className="table__numeric">{formatCzk(figures.repayments)}</td>
    </>
  );
}

function PortfolioTable({ report }: { report: Report }) {
  const caption = `Portfolio k ${formatDate(report.as_of)}`;
  return (
    <>
      <p>
        Stav k {formatDate(report.as_of)}, toky za {formatDate(report.date_from)} – {formatDate(report.date_to)}. Zdroj: {sourceText(report.metadata)}.
      </p>
      <TableScroll label={caption}>
        <table className="table portfolio-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Typ obchodu</th>
              <th scope="col">Stav</th>
              <th scope="col" className="table__numeric">Obchodů</th>
              <th scope="col" className="table__numeric">Nesplacená jistina</th>
              <th scope="col" className="table__numeric">Po splatnosti (podíl)</th>
              {BUCKETS.map((bucket) => (
                <th key={bucket} scope="col" className="table__numeric">
                  {BUCKET_LABELS[bucket]} (obchodů)
                </th>
              ))}
              <th scope="col" className="table__numeric">PAR30</th>
              <th scope="col" className="table__numeric">PAR90</th>
              <th scope="col" className="table__numeric">Úrok z prodlení</th>
              <th scope="col" className="table__numeric">Porušení</th>
              <th scope="col" className="table__numeric">Nové obchody</th>
              <th scope="col" className="table__numeric">Nový objem</th>
              <th scope="col" className="table__numeric">Splátky</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={17}>Filtru neodpovídá žádný obchod.</td>
              </tr>
            ) : (
              report.rows.map((row) => (
                <tr key={`${row.deal_type}-${row.state}`}>
                  <th scope="row">{DealType.labels[row.deal_type]}</th>
                  <td>{DealState.labels[row.state]}</td>
                  <FigureCells figures={row} />
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Celkem
              </th>
              <FigureCells figures={report.total} />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </>
  );
}
