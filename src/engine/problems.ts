import { blockProblems, variableIdsIn, type BlockProblemsContext } from './block-problems';
import type { BlockHandler } from './blocks/handler';
import { authorSchema, schemaIssues, type JsonSchema } from './blocks/json-schema';
import { blockLabel } from './blocks/definitions';
import { handlerFor } from './blocks/registry';
import { START_TYPE } from './definition/block-types';
import { parseDefinition, type BotDefinition, type DefinitionIssue } from './definition/parse';
import type { BlockDefinition, GroupDefinition } from './definition/schema';
import { isRecord } from './json';
import type { Problem } from './problem-types';
import { VARIABLE_PATTERN } from './variables/templating';
import { unknownMentions } from './variables/unknown-mentions';
import { valueShapeProblems } from './value-shape-problems';

// What the editor shows of a draft before it is published: errors stop a
// publish (the bot would break or say nothing), warnings point at what is
// probably unfinished. Read from the definition alone, without running it.

export type { Problem, ProblemCode, ProblemSeverity } from './problem-types';
export type { WorkspaceCredentials } from './block-problems';

interface Located {
  group: GroupDefinition;
  block: BlockDefinition;
  handler: BlockHandler;
  path: (string | number)[];
}

/** Fields ending in VariableId that a block reads (list sources, dialogues) rather than saves into. */
const READ_KEYS = new Set([
  'dynamicVariableId',
  'pictureSrcsVariableId',
  'titlesVariableId',
  'descriptionsVariableId',
  'baseItemVariableId',
  'baseListVariableId',
  'targetListVariableId',
  'dialogueVariableId',
  'assistantMessagesVariableId',
  'userMessagesVariableId',
]);

/** Code saves variables by name: `setVariable('Name', value)`. */
const SET_VARIABLE_CALL = /setVariable\(\s*(['"`])(.+?)\1/g;

const schemas = new WeakMap<object, JsonSchema>();
function schemaOf(zodSchema: BlockHandler['options']): JsonSchema {
  let schema = schemas.get(zodSchema);
  if (!schema) schemas.set(zodSchema, (schema = authorSchema(zodSchema)));
  return schema;
}

function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (isRecord(value)) for (const child of Object.values(value)) yield* strings(child);
}

function located(definition: BotDefinition): Located[] {
  const out: Located[] = [];
  definition.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) => {
      const handler = handlerFor(block.type);
      if (handler) out.push({ group, block, handler, path: ['groups', g, 'blocks', b] });
    }),
  );
  return out;
}

function schemaProblems(blocks: Located[]): Problem[] {
  const problems: Problem[] = [];
  for (const { group, block, handler, path } of blocks) {
    const where = { groupId: group.id, blockId: block.id };
    for (const issue of schemaIssues(schemaOf(handler.options), block.options ?? {})) {
      const field = issue.path.join('.');
      problems.push({
        severity: 'error',
        code: 'INVALID_OPTIONS',
        message: `Option ${field} ${issue.message}`,
        ...where,
        path: [...path, 'options', ...issue.path],
      });
    }
    const itemSchema = handler.item;
    if (itemSchema) {
      (block.items ?? []).forEach((item, i) => {
        for (const issue of schemaIssues(schemaOf(itemSchema), item)) {
          const field = issue.path.join('.');
          problems.push({
            severity: 'error',
            code: 'INVALID_ITEM',
            message: `Item ${i + 1}: ${field} ${issue.message}`,
            ...where,
            path: [...path, 'items', i, ...issue.path],
          });
        }
      });
    }
    if (handler.category !== 'bubble') continue;
    for (const issue of schemaIssues(schemaOf(handler.content), block.content ?? {})) {
      const field = issue.path.join('.');
      problems.push({
        severity: 'error',
        code: 'INVALID_CONTENT',
        message: `Content ${field} ${issue.message}`,
        ...where,
        path: [...path, 'content', ...issue.path],
      });
    }
  }
  return problems;
}

/** Where a connection leaves from, in words, with the block it leaves (none for an event). */
function edgeSource(edge: BotDefinition['edges'][number], blocks: Map<string, GroupDefinition>) {
  if ('blockId' in edge.from && typeof edge.from.blockId === 'string') {
    const group = blocks.get(edge.from.blockId);
    return {
      words: `from block "${edge.from.blockId}"`,
      where: group ? { groupId: group.id, blockId: edge.from.blockId } : {},
    };
  }
  if ('eventId' in edge.from) return { words: `from the start`, where: {} };
  return { words: '', where: {} };
}

function edgeProblems(definition: BotDefinition): Problem[] {
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const groupOfBlock = new Map(
    definition.groups.flatMap((group) => group.blocks.map((block) => [block.id, group] as const)),
  );
  const problems: Problem[] = [];
  definition.edges.forEach((edge, e) => {
    const target = groups.get(edge.to.groupId);
    const source = edgeSource(edge, groupOfBlock);
    const connection = `The connection "${edge.id}"${source.words ? ` ${source.words}` : ''}`;
    if (!target) {
      problems.push({
        severity: 'error',
        code: 'MISSING_EDGE_TARGET',
        message: `${connection} leads to group "${edge.to.groupId}", which this bot does not have: connect it to a group of the bot or remove it`,
        ...source.where,
        path: ['edges', e, 'to', 'groupId'],
      });
    } else if (edge.to.blockId && !target.blocks.some((block) => block.id === edge.to.blockId)) {
      problems.push({
        severity: 'error',
        code: 'MISSING_EDGE_TARGET',
        message: `${connection} leads to block "${edge.to.blockId}", which group "${target.title}" does not have`,
        ...(source.where.groupId ? source.where : { groupId: target.id }),
        path: ['edges', e, 'to', 'blockId'],
      });
    }
  });
  return problems;
}

/** Group ids reached from the start and the other events; undefined when a jump's target is only known at run time. */
function reachableGroups(definition: BotDefinition, blocks: Located[]): Set<string> | undefined {
  const edges = new Map(definition.edges.map((edge) => [edge.id, edge]));
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (groupId: string | undefined) => {
    if (groupId && groups.has(groupId) && !reached.has(groupId)) {
      reached.add(groupId);
      queue.push(groupId);
    }
  };
  const follow = (edgeId: string | null | undefined) => visit(edgeId ? edges.get(edgeId)?.to.groupId : undefined);

  if (definition.events) {
    for (const event of definition.events) follow(event.outgoingEdgeId);
    for (const edge of definition.edges) if ('eventId' in edge.from) visit(edge.to.groupId);
  } else {
    visit(definition.groups.find((group) => group.blocks.some((block) => block.type === START_TYPE))?.id);
  }
  const handlers = new Map(blocks.map((entry) => [entry.block, entry.handler]));
  let dynamic = false;
  while (queue.length > 0) {
    const group = groups.get(queue.shift()!)!;
    for (const block of group.blocks) {
      follow(block.outgoingEdgeId);
      for (const item of block.items ?? []) {
        follow(item.outgoingEdgeId);
        if (Array.isArray(item.paths))
          for (const path of item.paths) if (isRecord(path)) follow(path.outgoingEdgeId as string | undefined);
      }
      for (const edge of definition.edges)
        if ('blockId' in edge.from && edge.from.blockId === block.id) visit(edge.to.groupId);
      const handler = handlers.get(block);
      const jump = handler?.jumpTarget?.(block);
      if (jump?.groupId.includes('{{')) dynamic = true;
      else visit(jump?.groupId);
      const link = handler?.linkTarget?.(block);
      if (link?.botId === 'current') visit(link.groupId);
    }
  }
  return dynamic ? undefined : reached;
}

function flowProblems(definition: BotDefinition, blocks: Located[]): Problem[] {
  const problems: Problem[] = [];
  const groupIds = new Set(definition.groups.map((group) => group.id));
  for (const { group, block, handler, path } of blocks) {
    const jump = handler.jumpTarget?.(block);
    if (jump && !jump.groupId.includes('{{') && !groupIds.has(jump.groupId)) {
      problems.push({
        severity: 'error',
        code: 'MISSING_JUMP_TARGET',
        message: 'Jumps to a group that no longer exists',
        groupId: group.id,
        blockId: block.id,
        path: [...path, 'options', 'groupId'],
      });
    }
  }
  const reached = reachableGroups(definition, blocks);
  if (reached) {
    definition.groups.forEach((group, g) => {
      if (!reached.has(group.id)) {
        const title = group.title || `#${g + 1}`;
        problems.push({
          severity: 'warning',
          code: 'UNREACHABLE_GROUP',
          message: `Group "${title}" cannot be reached from the start`,
          groupId: group.id,
          path: ['groups', g],
        });
      }
    });
  }
  const afterStart = blocks.filter(
    ({ group, block }) => block.type !== START_TYPE && (!reached || reached.has(group.id)),
  );
  // Only a bot with nothing at all after its start is refused. One that says nothing itself still does something
  // the reference publishes: it links to a bot that speaks, shows a QR code, sets variables and redirects, or
  // calls a webhook for API clients (docs/engine-behaviour.md#bots-that-say-nothing).
  if (afterStart.length === 0) {
    const hasBlocks = blocks.some(({ block }) => block.type !== START_TYPE);
    problems.push({
      severity: 'error',
      code: 'BOT_IS_EMPTY',
      message: hasBlocks
        ? 'The start leads to nothing: connect the start to the group where the chat begins'
        : 'The bot has nothing after its start: add a message or a question',
      path: ['groups'],
    });
  } else if (!afterStart.some(({ handler }) => handler.category === 'bubble' || handler.category === 'input')) {
    problems.push({
      severity: 'warning',
      code: 'BOT_SAYS_NOTHING',
      message:
        'The bot itself shows no message and asks nothing: fine when it links to another bot, redirects or only calls a webhook',
      path: ['groups'],
    });
  }
  return problems;
}

/** Buttons whose every item leads somewhere of its own: a menu, whose answer is the way the visitor took. */
function isMenu(block: BlockDefinition): boolean {
  const items = (block as { items?: unknown }).items;
  return (
    Array.isArray(items) &&
    items.length > 0 &&
    items.every((item) => isRecord(item) && typeof item.outgoingEdgeId === 'string' && item.outgoingEdgeId !== '')
  );
}

function inputProblems(blocks: Located[]): Problem[] {
  return blocks
    .filter(
      ({ block, handler }) =>
        handler.category === 'input' &&
        !isMenu(block) &&
        !(isRecord(block.options) && typeof block.options.variableId === 'string' && block.options.variableId !== ''),
    )
    .map(({ group, block, path }) => ({
      severity: 'warning' as const,
      code: 'ANSWER_NOT_SAVED' as const,
      message: 'The answer is not saved in a variable',
      groupId: group.id,
      blockId: block.id,
      path: [...path, 'options', 'variableId'],
    }));
}

function credentialsProblems(blocks: Located[]): Problem[] {
  return blocks
    .filter(
      ({ block, handler }) =>
        handler.needsCredentials &&
        !(
          isRecord(block.options) &&
          typeof block.options.credentialsId === 'string' &&
          block.options.credentialsId !== ''
        ),
    )
    .map(({ group, block, path }) => ({
      severity: 'warning' as const,
      code: 'MISSING_CREDENTIALS' as const,
      message: `No account is selected: this ${blockLabel(block.type)} block does nothing without one (add one in Settings → Credentials)`,
      groupId: group.id,
      blockId: block.id,
      path: [...path, 'options', 'credentialsId'],
    }));
}

/** Variables read ({{Name}} in any text, or a field that reads one) that nothing sets and that start empty. */
function variableProblems(definition: BotDefinition, blocks: Located[]): Problem[] {
  const set = new Set<string>();
  const setNames = new Set<string>();
  const reads: { id: string; located: Located }[] = [];
  const idsByName = new Map<string, string[]>();
  for (const variable of definition.variables)
    idsByName.set(variable.name, [...(idsByName.get(variable.name) ?? []), variable.id]);

  for (const entry of blocks) {
    const { block } = entry;
    for (const { id, key } of variableIdsIn([block.options, block.content])) {
      if (READ_KEYS.has(key)) reads.push({ id, located: entry });
      else set.add(id);
    }
    // Conditions and display conditions of items only compare.
    for (const { id } of variableIdsIn(block.items)) reads.push({ id, located: entry });
    for (const text of strings([block.options, block.content, block.items])) {
      for (const match of text.matchAll(VARIABLE_PATTERN)) {
        const name = match[1]!;
        if (name.startsWith('=')) continue;
        for (const id of idsByName.get(name) ?? []) reads.push({ id, located: entry });
      }
      for (const match of text.matchAll(SET_VARIABLE_CALL)) setNames.add(match[2]!);
    }
  }
  const problems: Problem[] = [];
  const reported = new Set<string>();
  for (const { id, located: where } of reads) {
    const variable = definition.variables.find((candidate) => candidate.id === id);
    if (!variable || reported.has(id) || set.has(id) || setNames.has(variable.name)) continue;
    if (variable.value !== null && variable.value !== undefined) continue;
    reported.add(id);
    problems.push({
      severity: 'warning',
      code: 'VARIABLE_NEVER_SET',
      message: `Variable "${variable.name}" is used but never set: no input, Set variable or integration saves into it and it has no initial value`,
      groupId: where.group.id,
      blockId: where.block.id,
      path: where.path,
    });
  }
  return problems;
}

/** `{{Name}}` mentions of names no variable has: they show nothing. */
function unknownVariableProblems(definition: BotDefinition): Problem[] {
  return unknownMentions(definition).map(({ name, suggestion, groupId, blockId, path }) => ({
    severity: 'warning',
    code: 'UNKNOWN_VARIABLE',
    message:
      `{{${name}}} ${blockId ? '' : `in the bot's ${String(path[0])} `}names no variable: it shows nothing` +
      (suggestion ? ` (did you mean {{${suggestion}}}?)` : ''),
    ...(groupId ? { groupId } : {}),
    ...(blockId ? { blockId } : {}),
    path,
  }));
}

/** The group and block a parse issue's path points into, when it does. */
function issueLocation(raw: unknown, issue: DefinitionIssue): Pick<Problem, 'groupId' | 'blockId'> {
  const [root, g, key, b] = issue.path;
  if (root !== 'groups' || typeof g !== 'number' || !isRecord(raw) || !Array.isArray(raw.groups)) return {};
  const group: unknown = raw.groups[g];
  if (!isRecord(group)) return {};
  const groupId = typeof group.id === 'string' ? { groupId: group.id } : {};
  const block: unknown =
    key === 'blocks' && typeof b === 'number' && Array.isArray(group.blocks) ? group.blocks[b] : undefined;
  return { ...groupId, ...(isRecord(block) && typeof block.id === 'string' ? { blockId: block.id } : {}) };
}

/**
 * The problems of a draft (a stored definition, any supported version): a
 * definition that does not parse has only its parse errors. Errors first.
 * With the workspace's credentials, the accounts blocks name are checked too.
 */
export function draftProblems(raw: unknown, context: BlockProblemsContext = {}): Problem[] {
  const parsed = parseDefinition(raw);
  if (!parsed.ok) {
    return parsed.issues.map((issue) => ({
      severity: 'error',
      code: issue.message.startsWith('unknown block type') ? 'UNKNOWN_BLOCK_TYPE' : 'INVALID_DEFINITION',
      message: issue.message,
      ...issueLocation(raw, issue),
      path: issue.path,
    }));
  }
  const definition = parsed.definition;
  const blocks = located(definition);
  const problems = [
    ...schemaProblems(blocks),
    ...edgeProblems(definition),
    ...flowProblems(definition, blocks),
    ...inputProblems(blocks),
    ...variableProblems(definition, blocks),
    ...unknownVariableProblems(definition),
    ...credentialsProblems(blocks),
    ...blockProblems(definition, context),
    ...valueShapeProblems(definition),
  ];
  return [
    ...problems.filter((problem) => problem.severity === 'error'),
    ...problems.filter((problem) => problem.severity === 'warning'),
  ];
}
