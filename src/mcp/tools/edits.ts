import { z } from 'zod';
import { editListSchema } from '../../engine/definition/edits/schema';
import { answering, field } from '../answers';
import { BLOCK_TYPES_URI, caseRule, isBlockType, unknownBlockTypeMessage } from '../block-catalogue';
import { OperationFailure } from '../execute';
import { botId, WRITES, type ToolHost } from './shared';

const EDITS_HELP = `Edits apply in order, all or nothing, to the bot's draft. An edit list that does not fit (an unknown id, block type or op) is refused whole and changes nothing. Options, content and items are not refused: what is wrong in them (a value of the wrong kind, a missing option) is saved as written and answered in "problems", as get_problems lists it; fix it with another edit (publishing is refused while errors remain). Pass the draftVersion you read as expectedVersion: a CONFLICT means someone changed the bot since (read it again with get_bot). Ids of new groups, blocks, items, edges and variables are made when absent and answered in "created"; give your own ids to refer to them in later edits of the same list. Block types, options, content and items: the ${BLOCK_TYPES_URI} index, then parley://block-types/{type} for each type you write. A text block's content is {richText:[{type:"p",children:[{text:"Hello {{Name}}"}]}]}; an input saves its answer with options.variableId (a variable's id).`;

type JsonSchema = Record<string, unknown>;

/** Every `enum` of block types gets the case rule: the enum alone lists "webhook" and "Webhook" with nothing between them. */
function withCaseRule(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withCaseRule);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withCaseRule(value)]),
  ) as JsonSchema;
  const values = node.enum;
  if (Array.isArray(values) && values.every((value) => typeof value === 'string' && isBlockType(value)))
    node.description = `The block's type: one of ${BLOCK_TYPES_URI}. ${caseRule()}`;
  return node;
}

const editsJsonSchema = (() => {
  const { $schema: _draft, ...schema } = z.toJSONSchema(editListSchema, { target: 'draft-7', io: 'input' });
  return withCaseRule(schema) as JsonSchema;
})();

/**
 * The edit list as tools/list shows it (the API's schema, block types named),
 * checked by the API rather than by the SDK before the tool runs: the SDK
 * answers a mismatch as one line of text, the API with its {code, message,
 * issues}, which this tool can then word for an assistant.
 */
const edits = z.array(z.unknown()).meta(editsJsonSchema);

/** The value at an issue's path in the tool's arguments. */
function valueAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The API's refusal as an assistant should read it: where to look a type up, whom to ask for the current version. */
function forAssistants(failure: OperationFailure, args: { edits: unknown[]; expectedVersion?: number }) {
  const body = failure.failure.body;
  if (body.code === 'CONFLICT')
    return new OperationFailure({
      ...failure.failure,
      body: {
        ...body,
        message: `This bot was changed since version ${String(args.expectedVersion)}, by another edit or person: nothing of this edit list was saved. Read it again with get_bot, then send edits that fit its draft, with its draftVersion as expectedVersion.`,
      },
    });
  if (body.code !== 'BAD_REQUEST') return failure;
  const issues = body.issues.map((issue) => {
    const [first, ...rest] = issue.path ?? [];
    const value = first === 'edits' ? valueAt(args.edits, rest) : undefined;
    const isType = rest.at(-1) === 'type' && typeof value === 'string' && !isBlockType(value);
    return isType ? { ...issue, message: unknownBlockTypeMessage(value) } : issue;
  });
  return new OperationFailure({ ...failure.failure, body: { ...body, issues } });
}

export function registerEditTools({ server, run }: ToolHost): void {
  server.registerTool(
    'edit_bot',
    {
      title: 'Edit a bot',
      description: `Changes a bot's draft with a list of small edits; answers the ids made for new entries, the new draftVersion and the draft's problems. ${EDITS_HELP}`,
      inputSchema: {
        botId,
        edits,
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
        try {
          const edited = field(await run('AssistantEditBot', { botId, edits, expectedVersion }), 'editBot');
          const bot = field(edited, 'bot');
          return { draftVersion: bot.draftVersion, created: edited.created, problems: bot.problems };
        } catch (error) {
          throw error instanceof OperationFailure ? forAssistants(error, { edits, expectedVersion }) : error;
        }
      }),
  );
}
