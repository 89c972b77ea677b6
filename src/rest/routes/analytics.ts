import { builderRoutes } from './group';

// Documented by Typebot.
export const analyticsRoutes = builderRoutes('Analytics', [
  { method: 'GET', path: '/v1/bots/{botId}/analytics/stats', operation: 'GetBotStats', summary: 'Get results stats' },
  {
    method: 'GET',
    path: '/v1/bots/{botId}/analytics/inDepthData',
    operation: 'GetInDepthData',
    summary: 'Drop-off per input block and results per edge',
    unwrap: ['bot', 'analytics'],
  },
]);
