import type { PaymentStatement } from '@lending/contracts';
import { useState } from 'react';
import { DataTable, DEFAULT_PAGE_SIZE, Dialog, formatDateTime, formatNumber, Pagination, StatusBadge, type Column } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useStatement, useStatementHistory } from './api';
import { bankAndAccount, periodOf, STATE_LABELS, StatementProgress } from './StatementImport';

const STATE_TONES: Record<PaymentStatement['state'], 'neutral' | 'success' | 'warning' | 'danger'> = {
  QUEUED: 'neutral',
  PROCESSING: 'neutral',
  DONE: 'success',
  FAILED: 'danger',
};

/**
 * "Historie importů výpisů" (issue 22 §3, ADR 0047): every statement import, newest first, paged —
 * file, bank and account, period, figures, state, who and when — each openable to its detail
 * (GET /payments/statements/{id}/, polled while it runs).
 */
export function StatementHistory() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [opened, setOpened] = useState<PaymentStatement | null>(null);
  const history = useStatementHistory(page, pageSize);

  const columns: Column<PaymentStatement>[] = [
    { key: 'created_at', header: 'Nahráno', rowHeader: true, render: (s) => formatDateTime(s.created_at) },
    { key: 'file', header: 'Soubor', render: (s) => s.file_name },
    { key: 'account', header: 'Banka a účet', render: (s) => bankAndAccount(s) },
    { key: 'period', header: 'Období', render: (s) => periodOf(s) },
    { key: 'lines', header: 'Řádků', numeric: true, render: (s) => formatNumber(s.total_lines) },
    { key: 'created', header: 'Nové', numeric: true, render: (s) => formatNumber(s.created) },
    { key: 'paired', header: 'Spárováno', numeric: true, render: (s) => formatNumber(s.paired) },
    { key: 'unpaired', header: 'Nespárováno', numeric: true, render: (s) => formatNumber(s.unpaired) },
    { key: 'duplicates', header: 'Duplicity', numeric: true, render: (s) => formatNumber(s.duplicates_skipped) },
    { key: 'state', header: 'Stav', render: (s) => <StatusBadge label={STATE_LABELS[s.state]} tone={STATE_TONES[s.state]} /> },
    { key: 'by', header: 'Nahrál', render: (s) => s.created_by?.name ?? '—' },
    {
      key: 'detail',
      header: 'Detail',
      render: (s) => (
        <button type="button" className="button button--secondary button--small" onClick={() => setOpened(s)}>
          Detail<span className="visually-hidden"> importu {s.file_name}</span>
        </button>
      ),
    },
  ];

  return (
    <Section title="Historie importů výpisů">
      <DataTable
        caption="Historie importů výpisů"
        captionHidden
        columns={columns}
        rows={history.data?.results}
        rowKey={(s) => s.id}
        error={history.error}
        onRetry={() => void history.mutate()}
        texts={{ loading: 'Načítám importy…', empty: 'Zatím nebyl naimportován žádný výpis.', error: 'Historii importů se nepodařilo načíst.' }}
      />
      {history.data && history.data.count > 0 && (
        <Pagination
          label="Stránkování importů"
          page={page}
          pageSize={pageSize}
          count={history.data.count}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
      <Dialog open={opened !== null} onClose={() => setOpened(null)} title={opened ? `Import výpisu ${opened.file_name}` : ''} wide>
        {opened && <StatementDetail statement={opened} />}
      </Dialog>
    </Section>
  );
}

/** One import as it is now (read again: a running one is polled to its end). */
function StatementDetail({ statement }: { statement: PaymentStatement }) {
  const current = useStatement(statement.id);
  return <StatementProgress statement={current.data ?? statement} live={false} />;
}
