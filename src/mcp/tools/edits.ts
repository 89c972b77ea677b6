import { z } from 'zod';
import { answering, field } from '../answers';
import { botId, WRITES, type ToolHost } from './shared';

const EDITS_HELP = `Edits apply in order, all or nothing, to the bot's draft (the editor's optimistic concurrency: pass the draftVersion you read as expectedVersion; a CONFLICT means someone changed the bot since: read it again).
Each edit is an object with "op":
- addGroup {title, position?:{x,y}, blocks?:[block…], id?}  (a block: {type, options?, content?, items?, id?}; ids are made for you when absent)
- updateGroup {groupId, title?, position?}; removeGroup {groupId}
- addBlock {groupId, block, index?}; updateBlock {blockId, options? (merged into the block's options), content?, items?}; removeBlock {blockId}; moveBlock {blockId, groupId, index?}
- connect {from:{blockId, itemId?} | {eventId} | {groupId}, to:{groupId, blockId?}}  (replaces the path that source had); disconnect {edgeId} or {from}
- addVariable {name, value?, id?}; renameVariable {variableId, name} (every {{Name}} mention follows); removeVariable {variableId}
- updateSettings {settings}; updateTheme {theme}  (merged per top-level key)
Block types, options, content and items: the parley://block-types resource. Texts: a text block's content is {richText:[{type:"p",children:[{text:"Hello {{Name}}"}]}]}. An input saves its answer with options.variableId (a variable's id).`;

export function registerEditTools({ server, run }: ToolHost): void {
  server.registerTool(
    'edit_bot',
    {
      title: 'Edit a bot',
      description: `Changes a bot's draft with a list of small edits, validated like any save (the same parser and value checks as the editor). Answers the ids made for new entries, the new draftVersion and the draft's problems.\n${EDITS_HELP}`,
      inputSchema: {
        botId,
        edits: z
          .array(z.looseObject({ op: z.string().describe('addGroup, updateGroup, removeGroup, addBlock, …') }))
          .min(1)
          .max(200),
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
        const edited = field(await run('EditBot', { botId, edits, expectedVersion }), 'editBot');
        const bot = field(edited, 'bot');
        return { draftVersion: bot.draftVersion, created: edited.created, problems: bot.problems };
      }),
  );
}
