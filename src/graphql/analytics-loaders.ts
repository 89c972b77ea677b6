import DataLoader from 'dataloader';
import { botsStats, type BotStats } from '../services/analytics';
import { botsSeries, type SeriesBucket, type SeriesInterval } from '../services/analytics-series';
import type { TimeFilter } from '../services/time-filter';
import type { GraphQLContext } from './context';

// A dashboard asks stats and series for every bot of a workspace in one
// query: per request, the bots asking the same thing (same filter, zone and
// interval) are answered by one SQL statement, not one per bot.

interface Options {
  timeFilter?: TimeFilter | null;
  timeZone?: string | null;
}

interface Loaders {
  stats: Map<string, DataLoader<string, BotStats>>;
  series: Map<string, DataLoader<string, SeriesBucket[]>>;
}

const perRequest = new WeakMap<GraphQLContext, Loaders>();

function loadersOf(ctx: GraphQLContext): Loaders {
  let loaders = perRequest.get(ctx);
  if (!loaders) {
    loaders = { stats: new Map(), series: new Map() };
    perRequest.set(ctx, loaders);
  }
  return loaders;
}

function loaderFor<V>(
  map: Map<string, DataLoader<string, V>>,
  key: string,
  batch: (ids: readonly string[]) => Promise<V[]>,
): DataLoader<string, V> {
  let loader = map.get(key);
  if (!loader) {
    loader = new DataLoader(batch);
    map.set(key, loader);
  }
  return loader;
}

export function loadBotStats(ctx: GraphQLContext, botId: string, options: Options): Promise<BotStats> {
  const key = JSON.stringify([options.timeFilter ?? null, options.timeZone ?? null]);
  // One clock per batch, so every bot of a dashboard is counted over the same range.
  return loaderFor(loadersOf(ctx).stats, key, (ids) => botsStats(ctx.db, ids, options)).load(botId);
}

export function loadBotSeries(
  ctx: GraphQLContext,
  botId: string,
  options: Options & { interval: SeriesInterval },
): Promise<SeriesBucket[]> {
  const key = JSON.stringify([options.interval, options.timeFilter ?? null, options.timeZone ?? null]);
  return loaderFor(loadersOf(ctx).series, key, (ids) => botsSeries(ctx.db, ids, options)).load(botId);
}
