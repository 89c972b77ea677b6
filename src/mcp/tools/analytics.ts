import { z } from 'zod';
import { answering, field } from '../answers';
import { botId, READS, timeFilter, timeZone, type ToolHost } from './shared';

interface Funnel {
  blockId: string;
  reached: number;
  answered: number;
}

interface OutlineGroup {
  id: string;
  title: string;
  blocks: { id: string; label: string; summary: string }[];
}

/** Each question named as the person sees it in the editor: its group, its kind and what it asks. */
function namedDropOff(funnel: Funnel[], groups: OutlineGroup[]) {
  const where = new Map(
    groups.flatMap((group) =>
      group.blocks.map((block) => [block.id, { group: group.title, groupId: group.id, block }]),
    ),
  );
  return funnel
    .map(({ blockId, reached, answered }) => {
      const place = where.get(blockId);
      const dropped = reached - answered;
      return {
        blockId,
        groupId: place?.groupId,
        group: place?.group ?? '(block no longer in the draft)',
        block: place ? `${place.block.label}: ${place.block.summary}` : blockId,
        reached,
        answered,
        dropped,
        dropRate: reached > 0 ? Math.round((dropped / reached) * 1000) / 10 : 0,
      };
    })
    .sort((a, b) => b.dropped - a.dropped);
}

export function registerAnalyticsTools({ server, run }: ToolHost): void {
  server.registerTool(
    'get_analytics',
    {
      title: 'Stats and drop-off',
      description:
        "A bot's totals (views: chats opened; starts: chats with an answer; completed: chats that reached the end) and, for each question, how many visitors reached it, answered it and left there (dropRate in %), worst first. Counts the published bot's real visitors, not previews.",
      inputSchema: { botId, timeFilter, timeZone },
      annotations: READS,
    },
    ({ botId, timeFilter, timeZone }) =>
      answering(async () => {
        const bot = field(await run('AssistantDropOff', { botId, timeFilter, timeZone }), 'bot');
        const analytics = bot.analytics as { stats: unknown; blocks: Funnel[] };
        const outline = bot.outline as { groups: OutlineGroup[] };
        return { stats: analytics.stats, dropOff: namedDropOff(analytics.blocks, outline.groups) };
      }),
  );

  server.registerTool(
    'get_series',
    {
      title: 'Views, starts and completions over time',
      description:
        'Counts per hour, day or week over the period (empty buckets are zeros; localStart is in the time zone given).',
      inputSchema: {
        botId,
        interval: z.enum(['HOUR', 'DAY', 'WEEK']).default('DAY'),
        timeFilter,
        timeZone,
      },
      annotations: READS,
    },
    ({ botId, interval, timeFilter, timeZone }) =>
      answering(async () => {
        const bot = field(await run('AssistantSeries', { botId, interval, timeFilter, timeZone }), 'bot');
        return field(bot, 'analytics').series;
      }),
  );
}
