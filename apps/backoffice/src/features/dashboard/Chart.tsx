import { lazy, Suspense, useId } from 'react';
import { TableScroll } from '@lending/ui';
import { chartSummary, CHART_HEIGHT, type ChartSpec } from './chart-spec';

// uPlot and its CSS come with the chart's own chunk, the first time a chart is drawn. Should the
// chunk fail to load (a deploy replaced it, the network dropped), the chart says so and the
// table below still has every figure: the dashboard itself keeps working.
const UplotChart = lazy(() => import('./UplotChart').catch(() => ({ default: ChartUnavailable })));

function ChartUnavailable() {
  return (
    <p className="chart__placeholder" style={{ minHeight: CHART_HEIGHT }}>
      Graf se nepodařilo načíst; jeho údaje jsou v tabulce pod ním.
    </p>
  );
}

/**
 * A chart of the dashboard: its title, a legend, the canvas (role="img", named by a one-sentence
 * summary) and the same figures as a table behind "Zobrazit jako tabulku", for screen readers,
 * keyboard users and anyone who wants the exact numbers.
 */
export function Chart({ title, spec }: { title: string; spec: ChartSpec }) {
  const titleId = useId();
  const summary = chartSummary(title, spec);
  const names = spec.categoryNames ?? spec.categories;
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      {spec.series.length > 1 && (
        <ul className="chart__legend">
          {spec.series.map((series) => (
            <li key={series.label}>
              <span aria-hidden="true" className="chart__swatch" style={{ borderColor: series.color, borderTopStyle: series.dashed ? 'dashed' : 'solid' }} />
              {series.label}
            </li>
          ))}
        </ul>
      )}
      <Suspense
        fallback={
          <p className="chart__placeholder" style={{ minHeight: CHART_HEIGHT }}>
            Načítám graf…
          </p>
        }
      >
        <UplotChart spec={spec} label={summary} />
      </Suspense>
      <details className="chart__table">
        <summary>Zobrazit jako tabulku</summary>
        <TableScroll label={title}>
          <table className="table">
            <caption className="table__caption">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{spec.categoryHeader}</th>
                {spec.series.map((series) => (
                  <th key={series.label} scope="col" className="table__numeric">
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {names.map((name, index) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  {spec.series.map((series) => (
                    <td key={series.label} className="table__numeric">
                      {spec.format(series.values[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
