import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Ready requests an assistant can offer its person: each says which tools and
// resources to use, in which order, and where to stop and ask.

const ask = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'build_bot',
    {
      title: 'Build a bot from a description',
      description: 'Designs, builds and tests a bot in Parley from what it should do.',
      argsSchema: {
        description: z.string().describe('What the bot should do, for whom, and what it should collect.'),
        workspaceId: z.string().optional().describe('Where to create it (default: ask, or the only workspace).'),
      },
    },
    ({ description, workspaceId }) =>
      ask(
        `Build a Parley chat bot that does this: ${description}

1. Read the parley://docs/bot-format resource and the parley://block-types index, then the parley://block-types/{type} resource of each type you will use; look at the parley://templates resources for one close to the goal.
2. ${workspaceId ? `Create the bot in workspace ${workspaceId}` : 'Find the workspace with list_workspaces (ask me if there are several), then create the bot'} with create_bot (from a template when one fits, else empty).
3. Add variables for what it collects, then groups and blocks with edit_bot; connect every path, and save every answer in a variable.
4. Call get_problems and fix every error and warning that matters.
5. Test it with preview_chat, once per important path (scripted replies), and show me the transcripts.
6. Ask me before publishing; then publish_bot and give me the share link.`,
      ),
  );

  server.registerPrompt(
    'explain_drop_off',
    {
      title: 'Explain where visitors drop off',
      description: 'Finds the questions visitors leave at and suggests changes.',
      argsSchema: {
        botId: z.string().describe('The bot to look at.'),
        timeFilter: z
          .string()
          .optional()
          .describe('Period: today, last7Days, last30Days, monthToDate, lastMonth, yearToDate, allTime.'),
      },
    },
    ({ botId, timeFilter }) =>
      ask(
        `Explain where visitors drop off in the Parley bot ${botId}${timeFilter ? ` (period: ${timeFilter})` : ''}.

Use get_analytics for the totals and the drop-off per question, get_bot to see what each question says and what comes before it, and get_series to see whether it changed over time. Say which steps lose the most visitors and why that is likely (wording, too many questions, a hard input such as a phone number), and propose concrete edits. Do not change the bot unless I ask.`,
      ),
  );

  server.registerPrompt(
    'summarise_answers',
    {
      title: "Summarise last week's answers",
      description: 'Reads recent results and summarises what visitors said.',
      argsSchema: {
        botId: z.string().describe('The bot whose answers to read.'),
        timeFilter: z.string().optional().describe('Period (default last7Days).'),
      },
    },
    ({ botId, timeFilter }) =>
      ask(
        `Summarise what visitors answered in the Parley bot ${botId} (period: ${timeFilter ?? 'last7Days'}).

Use get_bot to know the questions, then search_results page by page (limit 100) for that period. Give the number of results and completions, the main themes per question with counts, and notable individual answers. If there are more than a few hundred results, summarise a sample and give me an export_results link for the whole set.`,
      ),
  );
}
