import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { BotAnalyticsQuery } from '../api/generated';

type Series = BotAnalyticsQuery['bot']['analytics']['series'];

export default function SeriesChart({ series }: { series: Series }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      series.map((bucket) => new Date(bucket.start).getTime() / 1000),
      series.map((bucket) => bucket.views),
      series.map((bucket) => bucket.starts),
      series.map((bucket) => bucket.completed),
    ];
    const chart = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 260,
        // One bucket alone would stretch over years: show a day either side.
        scales: { x: { time: true, range: (_chart, min, max) => (min === max ? [min - 86_400, max + 86_400] : [min, max]) } },
        series: [
          {},
          { label: 'Views', stroke: '#7c8db5' },
          { label: 'Starts', stroke: '#0042da', width: 2 },
          { label: 'Completions', stroke: '#1f9d55', width: 2 },
        ],
        axes: [{}, { values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [series]);
  return (
    <figure className="chart">
      <div ref={host} />
      <figcaption>Views, starts and completions per period</figcaption>
    </figure>
  );
}
