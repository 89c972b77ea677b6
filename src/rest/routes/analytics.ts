import { builderRoutes } from './group';

// Documented by Typebot, but for handoffs (Parley's own, docs/handoff.md).
export const analyticsRoutes = builderRoutes('Analytics', [
  { method: 'GET', path: '/v1/bots/{botId}/analytics/stats', operation: 'GetBotStats', summary: 'Get results stats' },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/analytics/inDepthData',
    operation: 'GetInDepthData',
    summary: 'Drop-off per input block and results per edge',
    unwrap: ['bot', 'analytics'],
  },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/analytics/handoffs',
    operation: 'GetHandoffStats',
    summary: 'Conversations handed to people: counts by outcome, median wait and handling time',
    unwrap: ['bot', 'analytics', 'handoffs'],
  },
]);
