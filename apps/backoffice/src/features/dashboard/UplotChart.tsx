import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_HEIGHT, type ChartSpec } from './chart-spec';

// The canvas of a dashboard chart. This module (and uPlot with its CSS) is a chunk of its own,
// loaded by Chart.tsx with React.lazy the first time the dashboard draws a chart: neither the first
// load nor the other screens carry it.
//
// uPlot draws once, without animation, so there is nothing to tone down for
// prefers-reduced-motion. Its legend (an uncaptioned table) and hover cursor are off: the legend
// and the table alternative beside the canvas (Chart.tsx) say what the lines are and their values.

const AXIS_STROKE = '#4b5563';
const GRID_STROKE = '#e4e7ec';
/** Below this a chart would be unreadable; the container scrolls no further than this. */
const MIN_WIDTH = 240;
/** Room an x label needs ("12/2026", "Bezva Finance") before every other one is left out. */
const X_LABEL_ROOM = 56;

function options(spec: ChartSpec, width: number, label: string): uPlot.Options {
  const count = spec.categories.length;
  const bars = spec.kind === 'bar';
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    // The figures are amounts and shares: their axis starts at zero, so a small change does not look steep.
    scales: {
      x: { time: false, range: bars ? [-0.5, count - 0.5] : [count > 1 ? 0 : -0.5, count > 1 ? count - 1 : 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: AXIS_STROKE,
        grid: { show: false },
        ticks: { stroke: GRID_STROKE },
        splits: () => spec.categories.map((_, index) => index),
        // On a narrow screen only every n-th label fits.
        values: (u, splits) => {
          const step = Math.max(1, Math.ceil((count * X_LABEL_ROOM) / Math.max(u.bbox.width / uPlot.pxRatio, 1)));
          return splits.map((index) => (index % step === 0 ? (spec.categories[index] ?? '') : ''));
        },
      },
      {
        stroke: AXIS_STROKE,
        size: spec.axisWidth,
        grid: { stroke: GRID_STROKE, width: 1 },
        ticks: { stroke: GRID_STROKE },
        values: (_u, splits) => splits.map((value) => spec.axisFormat(value)),
      },
    ],
    series: [
      { label: 'x' },
      ...spec.series.map((series) =>
        bars
          ? { label: series.label, stroke: series.color, fill: series.color, width: 0, points: { show: false }, paths: uPlot.paths.bars!({ size: [0.6, 72] }) }
          : { label: series.label, stroke: series.color, width: 2, dash: series.dashed ? [8, 4] : undefined, points: { show: true, size: 6, fill: series.color } },
      ),
    ],
    hooks: {
      // The canvas is an image for assistive technology, named by a summary of what it shows.
      init: [
        (u) => {
          const canvas = u.root.querySelector('canvas');
          canvas?.setAttribute('role', 'img');
          canvas?.setAttribute('aria-label', label);
        },
      ],
    },
  };
}

function data(spec: ChartSpec): uPlot.AlignedData {
  return [spec.categories.map((_, index) => index), ...spec.series.map((series) => [...series.values])];
}

export default function UplotChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const widthOf = () => Math.max(Math.floor(element.clientWidth), MIN_WIDTH);
    const chart = new uPlot(options(spec, widthOf(), label), data(spec), element);
    // The chart follows its card's width (a 390 px phone, a resized window), never wider than it.
    const observer = new ResizeObserver(() => {
      const width = widthOf();
      if (width !== chart.width) chart.setSize({ width, height: CHART_HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [spec, label]);

  return <div ref={box} className="chart__canvas" />;
}
