import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, EmptyState, ErrorState, formatCzk, Loading, Pagination, pluralize, ResultsAnnouncement } from '@lending/ui';
import { ExportButtons } from '../../../shared/ui/ExportButtons';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { positiveInt } from '../../../shared/ui/useUrlState';
import { paymentPaths, useDealPayments } from '../../../shared/payments/api';
import { PaymentTable } from '../../../shared/payments/PaymentTable';
import { useDeal } from '../api';
import { useTabUrlState } from './tab-url-state';

const LIST_KEYS = ['ordering', 'page', 'page_size'] as const;
const DEFAULT_ORDERING = '-date';

/**
 * The deal's payments, each opening to where its crowns went, beside what the deal still owes.
 * Nothing to write here: payments are paired in the inbox and allocated by the engine, so
 * `canWrite` is not used.
 */
export function PaymentsTab({ dealId }: { dealId: number; canWrite: boolean }) {
  const { values, update } = useTabUrlState('payments', LIST_KEYS);
  const page = positiveInt(values.page, 1);
  const pageSize = positiveInt(values.page_size, DEFAULT_PAGE_SIZE);
  const ordering = values.ordering || DEFAULT_ORDERING;
  const list = useDealPayments(dealId, { page, page_size: pageSize, ordering });
  const { data: deal } = useDeal(dealId);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const { data, error, isLoading } = list;
  return (
    <>
      <Section title="Stav dluhu">
        <DescriptionList
          items={[
            { label: 'Dluží celkem', value: deal ? formatCzk(deal.outstanding) : '…' },
            { label: 'Po splatnosti celkem (vč. úroku z prodlení a poplatků)', value: deal ? formatCzk(deal.overdue) : '…' },
            { label: 'Přeplatek', value: deal ? formatCzk(deal.credit) : '…' },
          ]}
        />
      </Section>
      <Section
        title="Platby"
        actions={
          <>
            <ExportButtons path={(format) => paymentPaths.dealDownload(dealId, format)} fileName={`platby-obchodu-${dealId}`} label="Stáhnout platby" />
            <ExportButtons path={(format) => paymentPaths.allocationReport(format, { deal: dealId })} fileName={`alokace-obchodu-${dealId}`} label="Report alokací" />
          </>
        }
      >
        <ResultsAnnouncement message={data ? `Nalezeno ${pluralize(data.count, 'platba', 'platby', 'plateb')}.` : null} />
        {!data ? (
          error ? (
            <ErrorState error={error} onRetry={() => void list.mutate()} title="Platby se nepodařilo načíst." />
          ) : (
            <Loading label="Načítám platby…" />
          )
        ) : data.results.length === 0 ? (
          <EmptyState>K obchodu zatím nejsou přiřazeny žádné platby.</EmptyState>
        ) : (
          <div aria-busy={isLoading || undefined}>
            <PaymentTable
              caption={`Platby obchodu #${dealId}`}
              payments={data.results}
              ordering={ordering}
              onOrderingChange={(next) => update({ ordering: next })}
              expanded={expanded}
              onToggle={toggle}
              hideDeal
            />
            <Pagination
              label="Stránkování plateb"
              page={page}
              pageSize={pageSize}
              count={data.count}
              onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              onPageSizeChange={(size) => update({ page_size: size === DEFAULT_PAGE_SIZE ? null : String(size) })}
            />
          </div>
        )}
      </Section>
    </>
  );
}
