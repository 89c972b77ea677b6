import type { Lack } from './blocks/handler';
import { handlerFor } from './blocks/registry';
import { BUBBLE_TYPES } from './definition/block-types';
import type { BotDefinition } from './definition/parse';
import type { BlockDefinition, GroupDefinition } from './definition/schema';
import { asRecord, isRecord } from './json';
import type { Problem } from './problem-types';
import { blockLabel } from './blocks/definitions';

// Mistakes a definition holds that the engine runs through without a word:
// variable ids that name nothing, blocks missing what they need to show or do
// anything, connections that are never followed, accounts of the wrong kind.
// All are warnings: Typebot exports holding them import and keep running as
// they did, and the author is told where each one is.

/** An account of the bot's workspace, as problems need it. */
export interface WorkspaceCredentials {
  id: string;
  type: string;
  name: string;
}

interface Place {
  group: GroupDefinition;
  block: BlockDefinition;
  index: number;
  path: (string | number)[];
}

const VARIABLE_KEY = /(^v|V)ariableId$/;
const BUBBLES = new Set<string>(BUBBLE_TYPES);

/** Each kind of credentials in words, with its article. */
const KIND_WORDS: Record<string, string> = {
  smtp: 'an SMTP account',
  openai: 'an OpenAI account',
  anthropic: 'an Anthropic account',
  mistral: 'a Mistral account',
  groq: 'a Groq account',
  'together-ai': 'a Together AI account',
  'open-router': 'an OpenRouter account',
  deepseek: 'a DeepSeek account',
  perplexity: 'a Perplexity account',
  http: 'a set of HTTP headers',
  stripe: 'a Stripe account',
  whatsApp: 'a WhatsApp connection',
  telegram: 'a Telegram connection',
};
const kindWords = (type: string) => KIND_WORDS[type] ?? `a "${type}" account`;

function places(definition: BotDefinition): Place[] {
  return definition.groups.flatMap((group, g) =>
    group.blocks.map((block, index) => ({ group, block, index, path: ['groups', g, 'blocks', index] })),
  );
}

const at = ({ group, block }: Place) => ({ groupId: group.id, blockId: block.id });

/** Every non-empty `...VariableId` string of a JSON tree, with its key and path. */
export function* variableIdsIn(
  value: unknown,
  path: (string | number)[] = [],
): Generator<{ id: string; key: string; path: (string | number)[] }> {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* variableIdsIn(item, [...path, i]);
  else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (VARIABLE_KEY.test(key) && typeof child === 'string' && child !== '')
        yield { id: child, key, path: [...path, key] };
      else yield* variableIdsIn(child, [...path, key]);
    }
  }
}

/** A `variableId` (of an input, a Set variable, a comparison…) that names no variable of the bot. */
function unknownVariableIds(definition: BotDefinition, all: Place[]): Problem[] {
  const ids = new Set(definition.variables.map((variable) => variable.id));
  const byName = new Map(definition.variables.map((variable) => [variable.name, variable.id]));
  const problems: Problem[] = [];
  for (const place of all) {
    const { block, path } = place;
    const trees: [string, unknown][] = [
      ['options', block.options],
      ['content', block.content],
      ['items', block.items],
    ];
    for (const [root, tree] of trees) {
      for (const found of variableIdsIn(tree, [root])) {
        if (ids.has(found.id)) continue;
        const idOfName = byName.get(found.id);
        problems.push({
          severity: 'warning',
          code: 'UNKNOWN_VARIABLE_ID',
          message:
            idOfName !== undefined
              ? `${found.key} "${found.id}" is a variable's name, not its id: use "${idOfName}"`
              : `${found.key} "${found.id}" names no variable of this bot: nothing is saved or read there`,
          ...at(place),
          path: [...path, ...found.path],
        });
      }
    }
  }
  return problems;
}

/** What a block lacks to show or do anything, as its module says. */
function lacks(block: BlockDefinition): Lack[] {
  return handlerFor(block.type)?.lacks?.(block) ?? [];
}

function incompleteBlocks(all: Place[]): Problem[] {
  return all.flatMap((place) =>
    lacks(place.block).map(({ message, at: where }) => ({
      severity: 'warning' as const,
      code: 'INCOMPLETE_BLOCK' as const,
      message,
      ...at(place),
      path: [...place.path, ...where],
    })),
  );
}

/** A connection leaving a bubble that is not its group's last block: drawn and saved, never followed. */
function unfollowedEdges(definition: BotDefinition, all: Place[]): Problem[] {
  const byBlock = new Map(all.map((place) => [place.block.id, place]));
  const problems: Problem[] = [];
  definition.edges.forEach((edge, e) => {
    if (!('blockId' in edge.from) || typeof edge.from.blockId !== 'string' || edge.from.itemId) return;
    const place = byBlock.get(edge.from.blockId);
    if (!place || !BUBBLES.has(place.block.type) || place.index === place.group.blocks.length - 1) return;
    const last = place.group.blocks[place.group.blocks.length - 1]!;
    problems.push({
      severity: 'warning',
      code: 'UNFOLLOWED_EDGE',
      message: `The connection "${edge.id}" leaves from a ${blockLabel(place.block.type).toLowerCase()} that is not the last block of its group: the chat never follows it (connect from the group's last block, "${last.id}")`,
      ...at(place),
      path: ['edges', e],
    });
  });
  return problems;
}

/** An account picked in a block that the workspace does not have, or of another kind than the block uses. */
function credentialsOfBlocks(all: Place[], credentials: readonly WorkspaceCredentials[]): Problem[] {
  const byId = new Map(credentials.map((each) => [each.id, each]));
  const problems: Problem[] = [];
  for (const place of all) {
    const handler = handlerFor(place.block.type);
    const types = handler?.credentialsTypes;
    const id = asRecord(place.block.options).credentialsId;
    if (!types || typeof id !== 'string' || id === '' || id === handler?.builtInCredentialsId) continue;
    const label = blockLabel(place.block.type);
    const wanted = types.length > 0 ? types.map(kindWords).join(' or ') : 'an account';
    const path = [...place.path, 'options', 'credentialsId'];
    const found = byId.get(id);
    if (!found) {
      problems.push({
        severity: 'warning',
        code: 'UNKNOWN_CREDENTIALS',
        message: `This ${label} block names an account this workspace does not have ("${id}"): it does nothing until you pick ${wanted}`,
        ...at(place),
        path,
      });
    } else if (!types.includes(found.type)) {
      problems.push({
        severity: 'warning',
        code: 'WRONG_CREDENTIALS_KIND',
        message:
          types.length > 0
            ? `"${found.name}" is ${kindWords(found.type)}, not ${wanted}: this ${label} block cannot use it`
            : `"${found.name}" is ${kindWords(found.type)}: Parley has no account kind for ${label}, so this block cannot run`,
        ...at(place),
        path,
      });
    }
  }
  return problems;
}

export interface BlockProblemsContext {
  /** The workspace's accounts; without them, the accounts blocks name are not checked. */
  credentials?: readonly WorkspaceCredentials[];
}

/** The silent mistakes of a parsed definition, in the order of its groups and blocks. */
export function blockProblems(definition: BotDefinition, context: BlockProblemsContext = {}): Problem[] {
  const all = places(definition);
  return [
    ...unknownVariableIds(definition, all),
    ...incompleteBlocks(all),
    ...unfollowedEdges(definition, all),
    ...(context.credentials ? credentialsOfBlocks(all, context.credentials) : []),
  ];
}
