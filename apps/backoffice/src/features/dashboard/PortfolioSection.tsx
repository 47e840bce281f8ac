import type { DashboardPortfolio, DpdBucketFilter, PortfolioFigures } from '@lending/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, formatCzk, formatDate, formatNumber, Loading, pluralize } from '@lending/ui';
import { Section } from '../../shared/ui/Layout';
import { useDashboardPortfolio } from './api';
import { Chart } from './Chart';
import { CHART_COLORS, type ChartSpec } from './chart-spec';
import { Figure, Figures } from './Figures';
import { SectionError } from './SectionError';
import { formatChartCzk, formatCompactCzk, formatShare, monthLong, monthShort } from './format';
import { listLinks } from './links';

/** The buckets past due in their order, with the labels of the tiles (and their links' names). */
export const BUCKETS: readonly { bucket: DpdBucketFilter; label: string }[] = [
  { bucket: '1-30', label: '1–30 dní' },
  { bucket: '31-60', label: '31–60 dní' },
  { bucket: '61-90', label: '61–90 dní' },
  { bucket: '91+', label: '91+ dní' },
];

const deals = (count: number) => pluralize(count, 'obchod', 'obchody', 'obchodů');

/** "Portfolio": the latest close of business's snapshot and the last 12 months of it. */
export function PortfolioSection() {
  const { data, error, mutate } = useDashboardPortfolio();
  return (
    <Section title="Portfolio">
      {error ? (
        <SectionError error={error} title="Přehled portfolia se nepodařilo načíst." onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label="Načítám portfolio…" />
      ) : data.as_of === null || data.figures === null ? (
        <EmptyState>
          Přehled portfolia zatím není k dispozici: vzniká při uzávěrce dne a ta ještě neproběhla. Spustit ji lze na stránce{' '}
          <Link to={listLinks.closeOfBusiness()}>Uzávěrka dne</Link>.
        </EmptyState>
      ) : (
        <Portfolio asOf={data.as_of} figures={data.figures} trend={data.trend} />
      )}
    </Section>
  );
}

function Portfolio({ asOf, figures, trend }: { asOf: string; figures: PortfolioFigures; trend: DashboardPortfolio['trend'] }) {
  const byBucket = new Map(figures.buckets.map((b) => [b.bucket, b]));
  const charts = useMemo(() => trendCharts(trend), [trend]);
  return (
    <>
      <p className="dashboard__as-of">
        Stav k {formatDate(asOf)} (poslední uzávěrka dne). Odkazy vedou na seznamy s dnešním stavem.
      </p>
      <Figures label="Portfolio celkem">
        <Figure label="Obchody" value={formatNumber(figures.deals)} to={listLinks.deals()} />
        <Figure label="Nesplacená jistina" value={formatCzk(figures.principal_outstanding)} to={listLinks.deals({ ordering: '-outstanding' })} />
        <Figure label="Po splatnosti" value={formatCzk(figures.overdue)} note={`${formatShare(figures.overdue_share)} dluhu`} to={listLinks.dealsPastDue('1+', '-overdue')} />
        <Figure label="PAR30" value={formatShare(figures.par30)} note={`jistina ${formatCzk(figures.par30_principal)}`} to={listLinks.dealsPastDue('31+')} />
        <Figure label="PAR90" value={formatShare(figures.par90)} note={`jistina ${formatCzk(figures.par90_principal)}`} to={listLinks.dealsPastDue('91+')} />
        <Figure label="Porušení smlouvy" value={deals(figures.breaches)} to={listLinks.dealsInBreach()} />
      </Figures>
      <h3>Po splatnosti podle pásem</h3>
      <Figures label="Po splatnosti podle pásem">
        {BUCKETS.map(({ bucket, label }) => {
          const found = byBucket.get(bucket);
          return <Figure key={bucket} label={label} value={deals(found?.deals ?? 0)} note={formatCzk(found?.amount ?? '0')} to={listLinks.dealsPastDue(bucket)} />;
        })}
      </Figures>
      {trend.length > 0 && (
        <div className="charts">
          <Chart title="Jistina a dluh po splatnosti za 12 měsíců" spec={charts.amounts} />
          <Chart title="PAR30 a PAR90 za 12 měsíců" spec={charts.par} />
        </div>
      )}
    </>
  );
}

function trendCharts(trend: DashboardPortfolio['trend']): { amounts: ChartSpec; par: ChartSpec } {
  const categories = trend.map((point) => monthShort(point.month));
  const categoryNames = trend.map((point) => monthLong(point.month));
  return {
    amounts: {
      kind: 'line',
      categories,
      categoryNames,
      categoryHeader: 'Měsíc',
      series: [
        { label: 'Nesplacená jistina', values: trend.map((point) => Number(point.principal_outstanding)), color: CHART_COLORS.primary },
        { label: 'Po splatnosti', values: trend.map((point) => Number(point.overdue)), color: CHART_COLORS.danger, dashed: true },
      ],
      format: formatChartCzk,
      axisFormat: formatCompactCzk,
      axisWidth: 88,
    },
    par: {
      kind: 'line',
      categories,
      categoryNames,
      categoryHeader: 'Měsíc',
      series: [
        { label: 'PAR30', values: trend.map((point) => Number(point.par30)), color: CHART_COLORS.amber },
        { label: 'PAR90', values: trend.map((point) => Number(point.par90)), color: CHART_COLORS.danger, dashed: true },
      ],
      format: formatShare,
      axisFormat: formatShare,
      axisWidth: 64,
    },
  };
}
