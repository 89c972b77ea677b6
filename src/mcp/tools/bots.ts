import { z } from 'zod';
import { blankBot } from '../../engine/shapes/templates/blank';
import { answering, field } from '../answers';
import { OperationFailure } from '../execute';
import { botId, DESTRUCTIVE, READS, workspaceId, WRITES, type ToolHost } from './shared';

// Workspaces and bots: what exists, a bot at a glance, making one, its
// problems, and the writes that change what visitors see.

const notFound = (message: string) =>
  new OperationFailure({ status: 404, body: { code: 'NOT_FOUND', message, issues: [] } });

export function registerBotTools({ server, run }: ToolHost): void {
  server.registerTool(
    'list_workspaces',
    {
      title: 'List workspaces',
      description: 'The workspaces you belong to, with your role in each (GUESTs read only; MEMBERs and ADMINs edit).',
      annotations: READS,
    },
    () => answering(async () => (await run('AssistantWorkspaces')).workspaces),
  );

  server.registerTool(
    'list_bots',
    {
      title: 'List bots',
      description: 'Bots of a workspace, newest first, 50 per page (pass nextCursor back as cursor for the next page).',
      inputSchema: { workspaceId, cursor: z.string().optional().describe('nextCursor of the previous page.') },
      annotations: READS,
    },
    ({ workspaceId, cursor }) =>
      answering(async () => field(await run('ListBots', { workspaceId, cursor, limit: 50 }), 'bots')),
  );

  server.registerTool(
    'get_bot',
    {
      title: 'Read a bot',
      description:
        "A bot's draft as an outline: its groups in order, each block with a one-line summary, its options and where it leads (`next`), the start, the variables and the edges; plus draftVersion (pass it to edit_bot as expectedVersion), whether it is published, and its share link.",
      inputSchema: { botId },
      annotations: READS,
    },
    ({ botId }) => answering(async () => (await run('AssistantBotOutline', { botId })).bot),
  );

  server.registerTool(
    'create_bot',
    {
      title: 'Create a bot',
      description:
        'Creates a bot in a workspace: empty (a start and nothing else; then add groups with edit_bot), from a template (see the parley://templates resources), or from a whole definition in the Typebot format (v3 to v6.1; read parley://docs/bot-format). Answers its outline.',
      inputSchema: {
        workspaceId,
        name: z.string().trim().min(1).max(100).describe("The bot's name."),
        templateId: z
          .string()
          .optional()
          .describe('Start from this template (ids in the parley://templates resources).'),
        definition: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('A whole definition (groups, edges, variables, events, theme, settings, version) instead.'),
      },
      annotations: WRITES,
    },
    ({ workspaceId, name, templateId, definition }) =>
      answering(async () => {
        let source: Record<string, unknown> = definition ?? blankBot(name);
        if (templateId) {
          const templates = (await run('AssistantTemplates')).botTemplates as { id: string; definition: object }[];
          const template = templates.find((candidate) => candidate.id === templateId);
          if (!template)
            throw notFound(
              `No template "${templateId}": the templates are ${templates.map((candidate) => candidate.id).join(', ')}`,
            );
          source = { ...template.definition };
        }
        const created = field(await run('CreateBot', { workspaceId, bot: { ...source, name } }), 'bot');
        return (await run('AssistantBotOutline', { botId: created.id })).bot;
      }),
  );

  server.registerTool(
    'get_problems',
    {
      title: 'List problems',
      description:
        "What is wrong or unfinished in a bot's draft, found without running it: errors (publishing is refused until fixed) and warnings, each with its group and block ids and a message.",
      inputSchema: { botId },
      annotations: READS,
    },
    ({ botId }) => answering(async () => field(await run('GetBotProblems', { botId }), 'bot').problems),
  );

  server.registerTool(
    'publish_bot',
    {
      title: 'Publish a bot',
      description:
        'Makes the draft what visitors chat with (a snapshot; the draft stays editable). Refused while the draft has errors. Answers the share link. Ask the person first: visitors see the change at once.',
      inputSchema: { botId },
      annotations: DESTRUCTIVE,
    },
    ({ botId }) =>
      answering(async () => {
        const bot = field(await run('PublishBot', { botId }), 'bot');
        return { id: bot.id, publicId: bot.publicId, shareUrl: bot.shareUrl, publishedAt: bot.publishedAt };
      }),
  );

  server.registerTool(
    'unpublish_bot',
    {
      title: 'Unpublish a bot',
      description:
        'Takes the bot offline: its share link and embeds stop answering visitors. The draft and results stay.',
      inputSchema: { botId },
      annotations: DESTRUCTIVE,
    },
    ({ botId }) =>
      answering(async () => {
        const bot = field(await run('UnpublishBot', { botId }), 'bot');
        return { id: bot.id, publishedAt: bot.publishedAt };
      }),
  );

  server.registerTool(
    'delete_bot',
    {
      title: 'Delete a bot',
      description:
        'Deletes the bot: gone from lists, its public link freed, its results archived. Cannot be undone here.',
      inputSchema: { botId },
      annotations: DESTRUCTIVE,
    },
    ({ botId }) => answering(async () => field(await run('DeleteBot', { botId }), 'deleteBot')),
  );
}
