import { LeadSource, LeadState, type DashboardPipeline } from '@lending/contracts';
import { useMemo } from 'react';
import { formatNumber, Loading, pluralize } from '@lending/ui';
import { businessToday } from '../../shared/business-date';
import { Section } from '../../shared/ui/Layout';
import { useDashboardPipeline } from './api';
import { Chart } from './Chart';
import { CHART_COLORS, type ChartSpec } from './chart-spec';
import { Figure, Figures } from './Figures';
import { SectionError } from './SectionError';
import { formatShare } from './format';
import { daysBefore, listLinks } from './links';

const leads = (count: number) => pluralize(count, 'žádost', 'žádosti', 'žádostí');

/** "Žádosti a obchody" (the pipeline): leads by state and source, and the last 90 days from lead to activated deal. */
export function PipelineSection() {
  const { data, error, mutate } = useDashboardPipeline();
  return (
    <Section title="Žádosti a obchody">
      {error ? (
        <SectionError error={error} title="Přehled žádostí se nepodařilo načíst." onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label="Načítám přehled žádostí…" />
      ) : (
        <Pipeline data={data} />
      )}
    </Section>
  );
}

function Pipeline({ data }: { data: DashboardPipeline }) {
  // The leads list filters by the day a lead was created: the period's first day, today included.
  const since = daysBefore(businessToday(), Math.max(data.period_days - 1, 0));
  const byState = new Map(data.leads_by_state.map((row) => [row.state, row.count]));
  const sources = useMemo(() => LeadSource.values.map((source) => ({ source, count: data.leads_by_source.find((row) => row.source === source)?.count ?? 0 })), [data.leads_by_source]);
  const chart = useMemo<ChartSpec>(
    () => ({
      kind: 'bar',
      categories: sources.map(({ source }) => LeadSource.labels[source]),
      categoryHeader: 'Zdroj',
      series: [{ label: 'Žádostí', values: sources.map(({ count }) => count), color: CHART_COLORS.primary }],
      format: formatNumber,
      axisFormat: formatNumber,
      axisWidth: 48,
    }),
    [sources],
  );
  return (
    <>
      <h3>Za posledních {data.period_days} dní</h3>
      <Figures label={`Žádosti za posledních ${data.period_days} dní`}>
        <Figure label="Nové žádosti" value={formatNumber(data.leads)} to={listLinks.leads({ created_from: since })} />
        <Figure label="Nabídky" value={formatNumber(data.offers)} note="žádosti s nabídkou" to={listLinks.leads({ state: ['OFFER_SENT', 'OFFER_ACCEPTED', 'CONVERTED'], created_from: since })} />
        <Figure label="Aktivované obchody" value={formatNumber(data.activated)} to={listLinks.leads({ state: 'CONVERTED', created_from: since })} />
        <Figure label="Konverze" value={formatShare(data.conversion)} note={`${formatNumber(data.activated)} z ${leads(data.leads)}`} to={listLinks.leads({ created_from: since })} />
      </Figures>
      <h3>Žádosti podle stavu</h3>
      <Figures label="Žádosti podle stavu">
        {LeadState.values.map((state) => (
          <Figure key={state} label={LeadState.labels[state]} value={leads(byState.get(state) ?? 0)} to={listLinks.leads({ state })} />
        ))}
      </Figures>
      <h3>Žádosti podle zdroje</h3>
      <div className="charts">
        <Chart title="Žádosti podle zdroje" spec={chart} />
      </div>
      <Figures label="Žádosti podle zdroje">
        {sources.map(({ source, count }) => (
          <Figure key={source} label={LeadSource.labels[source]} value={leads(count)} to={listLinks.leads({ source })} />
        ))}
      </Figures>
    </>
  );
}
