// What a dashboard chart shows, independent of how it is drawn: the same spec feeds the canvas
// (UplotChart.tsx, a lazily loaded chunk with uPlot), its text summary and its table alternative.

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A stroke or fill with at least 3:1 contrast against the white card (WCAG 1.4.11). */
  color: string;
  /** A dashed line, so two series differ by more than colour. */
  dashed?: boolean;
}

export interface ChartSpec {
  /** Lines over months, or bars over categories (one series). */
  kind: 'line' | 'bar';
  /** The x axis' labels, one per value ("3/2026", "1–30 dní"). */
  categories: readonly string[];
  /** Longer names of the categories for the table ("březen 2026"); the categories when absent. */
  categoryNames?: readonly string[];
  /** The table's header of the category column ("Měsíc", "Pásmo"). */
  categoryHeader: string;
  series: readonly ChartSeries[];
  /** A value in full, for the table and the summary ("1 234 567,89 Kč", "7,3 %"). */
  format: (value: number) => string;
  /** A value on the y axis, short ("1,2 mil. Kč"). */
  axisFormat: (value: number) => string;
  /** Room for the y axis' labels, in CSS pixels. */
  axisWidth: number;
}

export const CHART_HEIGHT = 240;

/** Colours of the charts: the design tokens' blue and red, a dark amber; all ≥ 4.5:1 on white. */
export const CHART_COLORS = { primary: '#1d4ed8', danger: '#b42318', amber: '#93370d' } as const;

/** One sentence a screen reader hears for the canvas (its aria-label). */
export function chartSummary(title: string, spec: ChartSpec): string {
  const names = spec.categoryNames ?? spec.categories;
  if (names.length === 0) return `${title}: zatím bez údajů.`;
  if (spec.kind === 'bar') {
    const series = spec.series[0];
    const parts = names.map((name, index) => `${name} ${spec.format(series?.values[index] ?? 0)}`);
    return `Sloupcový graf – ${title}: ${parts.join(', ')}.`;
  }
  const first = names[0];
  const last = names[names.length - 1];
  const parts = spec.series.map((series) => {
    const from = spec.format(series.values[0] ?? 0);
    const to = spec.format(series.values[series.values.length - 1] ?? 0);
    return names.length === 1 ? `${series.label} ${to}` : `${series.label} z ${from} na ${to}`;
  });
  const period = names.length === 1 ? `${first}` : `${first} až ${last}`;
  return `Spojnicový graf – ${title} (${period}): ${parts.join('; ')}.`;
}
