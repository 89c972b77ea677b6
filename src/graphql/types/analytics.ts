import { ANY_ROLE } from '../../services/access';
import {
  inDepthAnalytics,
  type BlockFunnel,
  type EdgeTotal,
  type InDepthAnalytics,
} from '../../services/analytics-depth';
import { botStats, type BotStats } from '../../services/analytics';
import { HANDOFF_MEDIAN_SAMPLE, handoffStats, type HandoffStats } from '../../services/handoff-analytics';
import { loadBotSeries, loadBotStats } from '../analytics-loaders';
import { SERIES_INTERVALS, workspaceSeries, type SeriesBucket } from '../../services/analytics-series';
import { TIME_FILTERS, type TimeFilter as TimeFilterValue } from '../../services/time-filter';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';

export const TimeFilter = builder.enumType('TimeFilter', {
  description: 'Range of result creation times; calendar boundaries are taken in the given time zone.',
  values: TIME_FILTERS,
});

const Stats = builder.objectRef<BotStats>('BotStats').implement({
  fields: (t) => ({
    totalViews: t.exposeInt('totalViews', { description: 'Results created (live chats started).' }),
    totalStarts: t.exposeInt('totalStarts', { description: 'Results with at least one answer.' }),
    totalCompleted: t.exposeInt('totalCompleted', {
      description: 'Results whose flow ended after at least one answer.',
    }),
  }),
});

builder.queryFields((t) => ({
  botStats: t.field({
    type: Stats,
    args: {
      botId: t.arg.id({ required: true }),
      timeFilter: t.arg({ type: TimeFilter, description: 'Default last7Days.' }),
      timeZone: t.arg.string({ description: 'IANA time zone name, default UTC.' }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) => botStats(ctx.db, String(args.botId), args),
  }),
}));

// Dashboards compose: bot(botId) { analytics(timeFilter, timeZone) { stats series(interval) } }
// and workspace(workspaceId) { analytics { series(interval) } }.

export const SeriesInterval = builder.enumType('SeriesInterval', {
  description: 'Calendar bucket of a series, in the requested time zone (weeks start on Monday).',
  values: SERIES_INTERVALS,
});

const SeriesBucketRef = builder.objectRef<SeriesBucket>('SeriesBucket').implement({
  fields: (t) => ({
    start: t.expose('start', { type: 'DateTime', description: 'First instant of the bucket.' }),
    localStart: t.exposeString('localStart', {
      description: 'The same instant in the requested time zone, ISO 8601 with its offset.',
    }),
    end: t.expose('end', {
      type: 'DateTime',
      description:
        "First instant after the bucket (the next bucket's start; the last bucket of a range ending now ends after now).",
    }),
    views: t.exposeInt('views'),
    starts: t.exposeInt('starts'),
    completed: t.exposeInt('completed'),
  }),
});

interface AnalyticsScope {
  botId?: string;
  workspaceId?: string;
  timeFilter?: TimeFilterValue | null;
  timeZone?: string | null;
  /** blocks and edges come from one computation, made once per scope. */
  depth?: Promise<InDepthAnalytics>;
}

function depthOf(scope: AnalyticsScope, db: GraphQLContext['db']): Promise<InDepthAnalytics> {
  scope.depth ??= inDepthAnalytics(db, scope.botId!, scope);
  return scope.depth;
}

const BlockFunnelRef = builder.objectRef<BlockFunnel>('BlockFunnel').implement({
  description: 'One input block of the drop-off view.',
  fields: (t) => ({
    blockId: t.exposeID('blockId'),
    reached: t.exposeInt('reached', { description: 'Results that got to the block.' }),
    answered: t.exposeInt('answered', {
      description: 'Results that answered it (reached - answered dropped off here).',
    }),
  }),
});

const EdgeTotalRef = builder.objectRef<EdgeTotal>('EdgeTotal').implement({
  description: 'Results through an edge off the default path (choice items, conditions).',
  fields: (t) => ({ edgeId: t.exposeID('edgeId'), total: t.exposeInt('total') }),
});

const HandoffStatsRef = builder.objectRef<HandoffStats>('HandoffStats').implement({
  description:
    'The conversations of a bot handed to people (Handoff blocks) that began waiting in the range, test chats excluded.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Conversations that began waiting for a person.' }),
    waiting: t.exposeInt('waiting', { description: 'Still waiting.' }),
    active: t.exposeInt('active', { description: 'Still with a person.' }),
    taken: t.exposeInt('taken', { description: 'Taken by a person at some point.' }),
    timedOut: t.exposeInt('timedOut', { description: 'Nobody took them in time: the bot went on.' }),
    released: t.exposeInt('released', { description: 'Handed back to the bot by a person.' }),
    closed: t.exposeInt('closed', { description: 'Closed by a person.' }),
    medianWaitSeconds: t.exposeFloat('medianWaitSeconds', {
      nullable: true,
      description: `Median of waitingSince → takenAt over the taken ones (the newest ${HANDOFF_MEDIAN_SAMPLE}); null when none was taken.`,
    }),
    medianHandlingSeconds: t.exposeFloat('medianHandlingSeconds', {
      nullable: true,
      description: `Median of takenAt → endedAt over the taken ones that ended (the newest ${HANDOFF_MEDIAN_SAMPLE}); null when none.`,
    }),
  }),
});

const BotAnalytics = builder.objectRef<AnalyticsScope>('BotAnalytics').implement({
  fields: (t) => ({
    stats: t.field({ type: Stats, resolve: (scope, _args, ctx) => loadBotStats(ctx, scope.botId!, scope) }),
    blocks: t.field({
      type: [BlockFunnelRef],
      description: 'Input blocks in definition order.',
      resolve: async (scope, _args, ctx) => (await depthOf(scope, ctx.db)).blocks,
    }),
    edges: t.field({
      type: [EdgeTotalRef],
      resolve: async (scope, _args, ctx) => (await depthOf(scope, ctx.db)).edges,
    }),
    handoffs: t.field({
      type: HandoffStatsRef,
      description: 'How its conversations handed to people went, by when they began waiting.',
      resolve: (scope, _args, ctx) => handoffStats(ctx.db, scope.botId!, scope),
    }),
    series: t.field({
      type: [SeriesBucketRef],
      description:
        'Views, starts and completions per bucket; empty buckets have zeros. Time filter and zone default to the analytics ones.',
      args: {
        interval: t.arg({ type: SeriesInterval, required: true }),
        timeFilter: t.arg({ type: TimeFilter }),
        timeZone: t.arg.string(),
      },
      resolve: (scope, args, ctx) =>
        loadBotSeries(ctx, scope.botId!, {
          interval: args.interval,
          timeFilter: args.timeFilter ?? scope.timeFilter,
          timeZone: args.timeZone ?? scope.timeZone,
        }),
    }),
  }),
});

const WorkspaceAnalytics = builder.objectRef<AnalyticsScope>('WorkspaceAnalytics').implement({
  fields: (t) => ({
    series: t.field({
      type: [SeriesBucketRef],
      description: 'All bots of the workspace together.',
      args: {
        interval: t.arg({ type: SeriesInterval, required: true }),
        timeFilter: t.arg({ type: TimeFilter }),
        timeZone: t.arg.string(),
      },
      resolve: (scope, args, ctx) =>
        workspaceSeries(ctx.db, scope.workspaceId!, {
          interval: args.interval,
          timeFilter: args.timeFilter ?? scope.timeFilter,
          timeZone: args.timeZone ?? scope.timeZone,
        }),
    }),
  }),
});

builder.prismaObjectFields('Bot', (t) => ({
  analytics: t.field({
    type: BotAnalytics,
    args: {
      timeFilter: t.arg({ type: TimeFilter, description: 'Default last7Days.' }),
      timeZone: t.arg.string({ description: 'IANA time zone name, default UTC.' }),
    },
    resolve: (bot, args) => ({ botId: bot.id, timeFilter: args.timeFilter, timeZone: args.timeZone }),
  }),
}));

builder.prismaObjectFields('Workspace', (t) => ({
  analytics: t.field({
    type: WorkspaceAnalytics,
    args: {
      timeFilter: t.arg({ type: TimeFilter, description: 'Default last7Days.' }),
      timeZone: t.arg.string({ description: 'IANA time zone name, default UTC.' }),
    },
    resolve: (workspace, args) => ({ workspaceId: workspace.id, timeFilter: args.timeFilter, timeZone: args.timeZone }),
  }),
}));
