import type { DashboardCollections } from '@lending/contracts';
import { useMemo } from 'react';
import { formatNumber, Loading, pluralize } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useDashboardCollections } from './api';
import { Chart } from './Chart';
import { CHART_COLORS, type ChartSpec } from './chart-spec';
import { Figure, Figures } from './Figures';
import { SectionError } from './SectionError';
import { listLinks } from './links';
import { BUCKETS } from './PortfolioSection';

const deals = (count: number) => pluralize(count, 'obchod', 'obchody', 'obchodů');

/** "Vymáhání": the collections desk's work as it is now (not as of the last close). */
export function CollectionsSection() {
  const { data, error, mutate } = useDashboardCollections();
  return (
    <Section title="Vymáhání">
      {error ? (
        <SectionError error={error} title="Přehled vymáhání se nepodařilo načíst." onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label="Načítám přehled vymáhání…" />
      ) : (
        <Collections data={data} />
      )}
    </Section>
  );
}

function Collections({ data }: { data: DashboardCollections }) {
  const { counts, chart } = useMemo(() => {
    const counts = BUCKETS.map(({ bucket }) => data.queue.find((row) => row.bucket === bucket)?.deals ?? 0);
    const chart: ChartSpec = {
      kind: 'bar',
      categories: BUCKETS.map((b) => b.label),
      categoryHeader: 'Pásmo',
      series: [{ label: 'Obchodů ve frontě', values: counts, color: CHART_COLORS.primary }],
      format: formatNumber,
      axisFormat: formatNumber,
      axisWidth: 48,
    };
    return { counts, chart };
  }, [data.queue]);
  return (
    <>
      <h3>Fronta vymáhání podle pásem</h3>
      <Figures label="Fronta vymáhání podle pásem">
        {BUCKETS.map(({ bucket, label }, index) => (
          <Figure key={bucket} label={label} value={deals(counts[index] ?? 0)} to={listLinks.collections({ bucket })} />
        ))}
      </Figures>
      <div className="charts">
        <Chart title="Obchody ve frontě vymáhání podle pásem" spec={chart} />
      </div>
      <Figures label="Úkoly vymáhání">
        <Figure label="V porušení smlouvy" value={deals(data.in_breach)} to={listLinks.dealsInBreach()} />
        <Figure label="Sliby platby splatné dnes" value={formatNumber(data.promises_due_today)} note="seznam otevřených slibů" to={listLinks.collections({ promise: 'OPEN' })} />
        <Figure label="Upomínky odeslané tento týden" value={formatNumber(data.notices_sent_week)} to={listLinks.notifications({ notification_name: 'NOTICE_COPY' })} />
        <Figure label="Připravené upomínky" value={formatNumber(data.notices_prepared)} note="k odeslání ve frontě vymáhání" to={listLinks.collections()} />
      </Figures>
    </>
  );
}
