import { z } from 'zod';
import { editListSchema } from '../../engine/definition/edits';
import { answering, field } from '../answers';
import { botId, WRITES, type ToolHost } from './shared';

const EDITS_HELP = `Edits apply in order, all or nothing, to the bot's draft, validated like any save (the same parser and value checks as the editor). Pass the draftVersion you read as expectedVersion: a CONFLICT means someone changed the bot since (read it again). Ids of new groups, blocks, items, edges and variables are made when absent and answered in "created"; give your own ids to refer to them in later edits of the same list. Block types, options, content and items: the parley://block-types resource. A text block's content is {richText:[{type:"p",children:[{text:"Hello {{Name}}"}]}]}; an input saves its answer with options.variableId (a variable's id).`;

export function registerEditTools({ server, run }: ToolHost): void {
  server.registerTool(
    'edit_bot',
    {
      title: 'Edit a bot',
      description: `Changes a bot's draft with a list of small edits; answers the ids made for new entries, the new draftVersion and the draft's problems. ${EDITS_HELP}`,
      inputSchema: {
        botId,
        edits: editListSchema,
        expectedVersion: z
          .number()
          .int()
          .optional()
          .describe('The draftVersion your edits are based on (from get_bot or the last edit_bot).'),
      },
      annotations: WRITES,
    },
    ({ botId, edits, expectedVersion }) =>
      answering(async () => {
        const edited = field(await run('AssistantEditBot', { botId, edits, expectedVersion }), 'editBot');
        const bot = field(edited, 'bot');
        return { draftVersion: bot.draftVersion, created: edited.created, problems: bot.problems };
      }),
  );
}
