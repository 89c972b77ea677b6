import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { request } from '../api/client';
import { BotAnalyticsDocument, type BotAnalyticsQuery, type SeriesInterval, type TimeFilter } from '../api/generated';
import type { BlockStats } from '../flow/flow-view';
import { FlowView } from '../flow/lazy-flow-view';
import { parseFlow, type FlowBlock } from '../flow/model';
import { useResultUpdates } from '../live';
import { ErrorNote, useLoad } from '../ui';
import type { BotDefinition } from '../bot-definition';
import { BlockDetails } from '../flow/block-details';

type Analytics = BotAnalyticsQuery['bot']['analytics'];

// uPlot is loaded with the analytics page, not with the console.
const SeriesChart = lazy(() => import('./analytics-chart'));

const TIME_FILTERS: { id: TimeFilter; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last7Days', label: 'Last 7 days' },
  { id: 'last30Days', label: 'Last 30 days' },
  { id: 'monthToDate', label: 'Month to date' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'yearToDate', label: 'Year to date' },
  { id: 'allTime', label: 'All time' },
];

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', browserZone, ...supported])];
};

export function AnalyticsTab({ bot }: { bot: BotDefinition }) {
  const [timeFilter, setTimeFilter] = useState<TimeFilter>('last7Days');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [interval, setInterval] = useState<SeriesInterval>('DAY');
  const loaded = useLoad(
    () => request(BotAnalyticsDocument, { botId: bot.id, timeFilter, timeZone, interval }),
    [bot.id, timeFilter, timeZone, interval],
  );
  // The counters follow the conversations as they happen.
  useResultUpdates(bot.id, loaded.reload);
  const analytics = loaded.data?.bot.analytics;
  return (
    <section className="analytics">
      <form className="row filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Period
          <select value={timeFilter} onChange={(event) => setTimeFilter(event.target.value as TimeFilter)}>
            {TIME_FILTERS.map((each) => (
              <option key={each.id} value={each.id}>
                {each.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Time zone
          <select value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
            {zones().map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
        </label>
        <label>
          Interval
          <select value={interval} onChange={(event) => setInterval(event.target.value as SeriesInterval)}>
            <option value="HOUR">Hour</option>
            <option value="DAY">Day</option>
            <option value="WEEK">Week</option>
          </select>
        </label>
      </form>
      <ErrorNote error={loaded.error} />
      {analytics ? (
        <>
          <Funnel stats={analytics.stats} />
          <Suspense fallback={<p className="loading">Loading the chart…</p>}>
            <SeriesChart series={analytics.series} timeZone={timeZone} />
          </Suspense>
          <DropOff bot={bot} analytics={analytics} />
        </>
      ) : (
        !loaded.error && <p className="loading">Loading…</p>
      )}
    </section>
  );
}

function Funnel({ stats }: { stats: Analytics['stats'] }) {
  const steps = [
    { id: 'views', label: 'Views', value: stats.totalViews },
    { id: 'starts', label: 'Starts', value: stats.totalStarts },
    { id: 'completions', label: 'Completions', value: stats.totalCompleted },
  ];
  const top = Math.max(1, stats.totalViews);
  return (
    <ol className="funnel" aria-label="Funnel">
      {steps.map((step) => (
        <li key={step.id} data-step={step.id}>
          <span className="label">{step.label}</span>
          <span className="value">{step.value}</span>
          <span className="bar" style={{ width: `${Math.round((step.value / top) * 100)}%` }} aria-hidden="true" />
        </li>
      ))}
    </ol>
  );
}

function DropOff({ bot, analytics }: { bot: BotDefinition; analytics: Analytics }) {
  const flow = useMemo(() => parseFlow(bot), [bot]);
  const stats: BlockStats = useMemo(
    () => new Map(analytics.blocks.map((block) => [block.blockId, block])),
    [analytics],
  );
  const edgeTotals = useMemo(() => new Map(analytics.edges.map((edge) => [edge.edgeId, edge.total])), [analytics]);
  const [selected, setSelected] = useState<FlowBlock | null>(null);
  const onSelect = useCallback((block: FlowBlock) => setSelected(block), []);
  return (
    <div className="flow-layout">
      <FlowView flow={flow} stats={stats} edgeTotals={edgeTotals} selectedId={selected?.id} onSelect={onSelect} />
      <BlockDetails block={selected} />
    </div>
  );
}
