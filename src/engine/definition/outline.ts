import { asRecord } from '../json';
import { blockDefinition, blockLabel } from '../blocks/definitions';
import { richTextToMarkdown } from '../variables/markdown';
import { INPUT_TYPES } from './block-types';
import type { BotDefinition } from './parse';
import type { BlockDefinition, EdgeDefinition } from './schema';

// A bot's draft as a reader (a person, an assistant) takes it in at a glance:
// what each block says or asks, where each path goes, which variables exist.
// Ids stay, so every entry can be named in an edit; raw options stay too, since
// an edit changes them, but what they mean is also said in one line.

export interface OutlineTarget {
  groupId: string;
  /** The group's title, so a reader needs no lookup. */
  group: string;
  blockId?: string;
}

/** What a Condition item tests, variables by name: a reader need not look their ids up. */
export interface OutlineCondition {
  logicalOperator: 'AND' | 'OR';
  comparisons: { variable?: string; variableId?: string; operator?: string; value?: string }[];
}

export interface OutlineItem {
  id: string;
  summary: string;
  condition?: OutlineCondition;
  /** Absent: the block's own path (buttons), or the end of the chat when a Condition's item holds. */
  next?: OutlineTarget;
}

export interface OutlineBlock {
  id: string;
  type: string;
  /** The block type as the editor's palette names it. */
  label: string;
  summary: string;
  options?: Record<string, unknown>;
  items?: OutlineItem[];
  next?: OutlineTarget;
  /**
   * A Condition's path when no item holds (its own edge, else the next block
   * of its group; absent: the chat ends there). Said apart from `next`, which
   * a Condition does not have: its own edge is only this fallback.
   */
  otherwise?: OutlineTarget;
}

export interface Outline {
  version: string;
  /**
   * Where a chat begins: the start event (v6; connect from its eventId) or the
   * start block of older bots, and where its path leads (absent: nowhere yet).
   */
  start?: { eventId: string; next?: OutlineTarget } | { blockId: string; next?: OutlineTarget };
  variables: { id: string; name: string; value?: unknown }[];
  groups: { id: string; title: string; position?: { x: number; y: number }; blocks: OutlineBlock[] }[];
  edges: { id: string; from: Record<string, unknown>; to: { groupId: string; blockId?: string } }[];
}

/** Long texts are cut: the outline is for orientation, the definition holds the whole. */
const SUMMARY_LIMIT = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LIMIT ? `${flat.slice(0, SUMMARY_LIMIT - 1)}…` : flat;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function bubbleText(content: Record<string, unknown>): string | undefined {
  if (Array.isArray(content.richText)) return richTextToMarkdown(content.richText);
  return text(content.markdown) ?? text(content.plainText) ?? text(content.html);
}

type VariableName = (id: unknown) => string | undefined;

function conditionOf(content: Record<string, unknown>, variableName: VariableName): OutlineCondition {
  const comparisons = Array.isArray(content.comparisons) ? content.comparisons.map(asRecord) : [];
  return {
    logicalOperator: content.logicalOperator === 'OR' ? 'OR' : 'AND',
    comparisons: comparisons.map((comparison) => {
      const variable = variableName(comparison.variableId);
      return {
        ...(variable ? { variable } : {}),
        ...(typeof comparison.variableId === 'string' ? { variableId: comparison.variableId } : {}),
        ...(typeof comparison.comparisonOperator === 'string' ? { operator: comparison.comparisonOperator } : {}),
        ...(typeof comparison.value === 'string' ? { value: comparison.value } : {}),
      };
    }),
  };
}

/** `{{Score}} Greater than 8 AND {{Name}} Is set`: what the editor's condition form reads as. */
function conditionText(condition: OutlineCondition): string {
  if (condition.comparisons.length === 0) return 'no comparison (never holds)';
  return condition.comparisons
    .map(({ variable, variableId, operator, value }) =>
      [variable ? `{{${variable}}}` : (variableId ?? '(no variable)'), operator ?? '(no operator)', value]
        .filter((part) => part !== undefined && part !== '')
        .join(' '),
    )
    .join(` ${condition.logicalOperator} `);
}

function itemText(item: Record<string, unknown>, variableName: VariableName): string {
  const content = item.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(asRecord(content).comparisons)) return conditionText(conditionOf(asRecord(content), variableName));
  return text(item.title) ?? text(item.pictureSrc) ?? 'item';
}

const INPUTS = new Set<string>(INPUT_TYPES);

/** What the visitor reads just before an input: the last text bubble above it in its group. */
function questionBefore(blocks: readonly BlockDefinition[], index: number): string | undefined {
  for (let position = index - 1; position >= 0; position -= 1) {
    const block = blocks[position]!;
    if (INPUTS.has(block.type)) return undefined;
    const said = bubbleText(asRecord(block.content));
    if (said !== undefined) return said;
  }
  return undefined;
}

/**
 * One line on what a block does, with its variables by name. An input is
 * named by the question asked before it (its placeholder when none), without
 * its kind: the block's label says that.
 */
function summaryOf(block: BlockDefinition, question: string | undefined, variableName: VariableName): string {
  const options = asRecord(block.options);
  const content = asRecord(block.content);
  const saved = variableName(options.variableId);
  const into = saved ? ` → {{${saved}}}` : '';
  const labels = asRecord(options.labels);
  if (INPUTS.has(block.type) && !Array.isArray(block.items)) {
    const asked = question ?? text(labels.placeholder);
    return clip(`${asked === undefined ? '(no question before it)' : `"${asked}"`}${into}`);
  }
  const said = bubbleText(content);
  if (said !== undefined) return clip(said);
  if (text(content.url)) return clip(String(content.url));
  if (Array.isArray(block.items) && blockDefinition(block.type)?.itemsAreConditions)
    return clip(
      `${blockLabel(block.type)}: ${block.items.map((item) => itemText(asRecord(item), variableName)).join(' | ')}`,
    );
  if (Array.isArray(block.items))
    return clip(`${block.items.map((item) => itemText(asRecord(item), variableName)).join(' | ')}${into}`);
  const target = text(asRecord(options.webhook).url) ?? text(options.url);
  const expression = text(options.expressionToEvaluate) ?? text(options.type);
  const detail = target ?? expression;
  return clip(`${blockLabel(block.type)}${detail ? `: ${detail}` : ''}${into}`);
}

function withoutEmpty(options: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.entries(options).filter(([, value]) => value !== null && value !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The outline of a definition (any version: a start group of older bots is where it begins). */
export function outlineOf(definition: BotDefinition): Outline {
  const titles = new Map(definition.groups.map((group) => [group.id, group.title]));
  const edges = new Map(definition.edges.map((edge) => [edge.id, edge]));
  const names = new Map(definition.variables.map((variable) => [variable.id, variable.name]));
  const variableName = (id: unknown) => (typeof id === 'string' ? names.get(id) : undefined);
  const targetOf = (edgeId: string | null | undefined): OutlineTarget | undefined => {
    const edge: EdgeDefinition | undefined = edgeId ? edges.get(edgeId) : undefined;
    if (!edge) return undefined;
    return {
      groupId: edge.to.groupId,
      group: titles.get(edge.to.groupId) ?? '(missing group)',
      ...(edge.to.blockId ? { blockId: edge.to.blockId } : {}),
    };
  };
  const startEvent = definition.events?.find((event) => event.type === 'start');
  const startBlock = definition.groups.flatMap((group) => group.blocks).find((block) => block.type === 'start');
  const startSource = startEvent ? { eventId: startEvent.id } : startBlock ? { blockId: startBlock.id } : undefined;
  const startNext = targetOf(startEvent?.outgoingEdgeId ?? startBlock?.outgoingEdgeId);
  const start = startSource && { ...startSource, ...(startNext ? { next: startNext } : {}) };
  return {
    version: definition.version,
    ...(start ? { start } : {}),
    variables: definition.variables.map((variable) => ({
      id: variable.id,
      name: variable.name,
      ...(variable.value !== undefined && variable.value !== null ? { value: variable.value } : {}),
    })),
    groups: definition.groups.map((group) => ({
      id: group.id,
      title: group.title,
      ...(group.graphCoordinates ? { position: { x: group.graphCoordinates.x, y: group.graphCoordinates.y } } : {}),
      blocks: group.blocks.map((block, position) => {
        const options = withoutEmpty(asRecord(block.options));
        const isCondition = blockDefinition(block.type)?.itemsAreConditions === true;
        const following = group.blocks[position + 1];
        const next = targetOf(block.outgoingEdgeId);
        // No item holds: the Condition's own edge, else the walk goes on to the next block (the engine's order).
        const otherwise =
          next ?? (following ? { groupId: group.id, group: group.title, blockId: following.id } : undefined);
        return {
          id: block.id,
          type: block.type,
          label: blockLabel(block.type),
          summary: summaryOf(block, questionBefore(group.blocks, position), variableName),
          ...(options ? { options } : {}),
          ...(block.items
            ? {
                items: block.items.map((item) => {
                  const itemNext = targetOf(item.outgoingEdgeId);
                  return {
                    id: item.id,
                    summary: clip(itemText(asRecord(item), variableName)),
                    ...(isCondition ? { condition: conditionOf(asRecord(item.content), variableName) } : {}),
                    ...(itemNext ? { next: itemNext } : {}),
                  };
                }),
              }
            : {}),
          ...(isCondition ? (otherwise ? { otherwise } : {}) : next ? { next } : {}),
        };
      }),
    })),
    edges: definition.edges.map((edge) => ({
      id: edge.id,
      from: withoutEmpty(asRecord(edge.from)) ?? {},
      to: { groupId: edge.to.groupId, ...(edge.to.blockId ? { blockId: edge.to.blockId } : {}) },
    })),
  };
}
