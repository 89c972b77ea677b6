import { ANY_ROLE } from '../../services/access';
import { botStats, type BotStats } from '../../services/analytics';
import { TIME_FILTERS } from '../../services/time-filter';
import { builder } from '../builder';

export const TimeFilter = builder.enumType('TimeFilter', {
  description: 'Range of result creation times; calendar boundaries are taken in the given time zone.',
  values: TIME_FILTERS,
});

const Stats = builder.objectRef<BotStats>('BotStats').implement({
  fields: (t) => ({
    totalViews: t.exposeInt('totalViews', { description: 'Results created (live chats started).' }),
    totalStarts: t.exposeInt('totalStarts', { description: 'Results with at least one answer.' }),
    totalCompleted: t.exposeInt('totalCompleted', { description: 'Results whose flow ended after at least one answer.' }),
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
