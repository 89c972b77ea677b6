import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { BotAnalyticsQuery } from '../api/generated';

type Series = BotAnalyticsQuery['bot']['analytics']['series'];

// Views are the largest count, so their line sits on top of the others: it
// gets the strongest colour (dark orange, 5:1 on white) and a light fill; all
// three colours have at least 4.5:1 contrast with the white background.
const LINES: uPlot.Series[] = [
  { label: 'Views', stroke: '#c2410c', width: 2.5, fill: 'rgba(194, 65, 12, 0.08)' },
  { label: 'Starts', stroke: '#0042da', width: 2 },
  // Dashed as well as green: completions often equal starts, and then the lines coincide.
  { label: 'Completions', stroke: '#15803d', width: 2, dash: [6, 3] },
];

/** Seconds since the epoch, uPlot's time unit. */
const seconds = (iso: string): number => Date.parse(iso) / 1000;

/**
 * The x range is the series' own: from the first bucket's start to now, or to
 * the end of the last bucket when the period ended earlier (last month). It is
 * never left to uPlot's autoscale, which stretches a single point over 1000
 * days when timestamps are seconds (it adds 86400 / ms).
 */
function xRange(series: Series, now: number): [number, number] {
  const first = seconds(series[0]!.start);
  const end = Math.min(now / 1000, seconds(series[series.length - 1]!.end));
  // Only a clock behind the server's can put now before the first bucket: show that bucket whole.
  return [first, end > first ? end : seconds(series[0]!.end)];
}

export default function SeriesChart({ series, timeZone }: { series: Series; timeZone: string }) {
  const host = useRef<HTMLDivElement>(null);
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element || series.length === 0) return;
    const range = xRange(series, Date.now());
    const data: uPlot.AlignedData = [
      series.map((bucket) => seconds(bucket.start)),
      series.map((bucket) => bucket.views),
      series.map((bucket) => bucket.starts),
      series.map((bucket) => bucket.completed),
    ];
    const chart = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 260,
        // Dates on the axis and in the legend are read in the time zone the buckets were cut in.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        scales: { x: { time: true, range: () => range } },
        // Copies: uPlot writes its defaults into the options it is given.
        series: [{}, ...LINES.map((line) => ({ ...line }))],
        axes: [{}, { values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
        hooks: {
          // The drawn range, for people and tests alike: the scale uPlot ended up with, not the one asked for.
          setScale: [
            (self, key) => {
              const { min, max } = self.scales[key]!;
              if (key !== 'x' || min == null || max == null || !figure.current) return;
              figure.current.dataset.xMin = new Date(min * 1000).toISOString();
              figure.current.dataset.xMax = new Date(max * 1000).toISOString();
            },
          ],
        },
      },
      data,
      element,
    );
    return () => {
      chart.destroy();
      if (figure.current) for (const key of ['xMin', 'xMax']) delete figure.current.dataset[key];
    };
  }, [series, timeZone]);
  return (
    <figure className="chart" ref={figure}>
      {series.length === 0 ? <p className="status">No views in this period.</p> : <div ref={host} />}
      <figcaption>Views, starts and completions per period</figcaption>
    </figure>
  );
}
