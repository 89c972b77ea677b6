// Helpers shared by the input modules: reading options and replies, the
// prefilled value, display conditions of items (docs/engine-behaviour.md#displaying-an-input).
import type { Condition } from '../../conditions/evaluate';
import type { BlockDefinition } from '../../definition/schema';
import type { InputObject, ReplyMessage } from '../../wire';
import type { VariableValue } from '../../session';
import type { z } from 'zod';
import type { BlockContext, ReplyParse } from '../handler';
import { opt, optionsSchema, readOptions } from '../options';

export const FAIL: ReplyParse = { status: 'fail' };

export function ok(
  content: string,
  extra: { edgeId?: string | null; variables?: { id: string; value: unknown }[] } = {},
): ReplyParse {
  return {
    status: 'ok',
    content,
    ...(extra.edgeId ? { edgeId: extra.edgeId } : {}),
    ...(extra.variables && extra.variables.length > 0 ? { variables: extra.variables } : {}),
  };
}

import { isRecord } from '../../json';

export { isRecord };

/** Options every input has (answers, retries and prefill read them). */
export const inputBase = {
  variableId: opt.variable('Save the answer in'),
  retryMessageContent: opt.string({ title: 'Retry message', description: 'Sent when the answer is not valid' }),
};

/**
 * What a visitor may send besides the answer: only a text input offers it
 * (takesUploads), so only its schema, and so its form, lists these.
 */
export const uploadOptions = {
  attachments: opt.object(
    { isEnabled: opt.boolean({ title: 'Allow attachments' }), saveVariableId: opt.variable('Save the attachments in') },
    { title: 'Attachments' },
  ),
  audioClip: opt.object(
    { isEnabled: opt.boolean({ title: 'Allow audio clips' }), saveVariableId: opt.variable('Save the audio clip in') },
    { title: 'Audio clip' },
  ),
};

/** The texts of an input's form; the chat widget shows its defaults when they are absent. */
export const inputLabels = <T extends z.ZodRawShape>(labels: T) => opt.object(labels, { title: 'Labels' });
export const placeholderLabel = () => opt.string({ title: 'Placeholder' });
export const buttonLabel = () => opt.string({ title: 'Button label' });

/**
 * The options saving an answer reads from any input block: the common ones and
 * the uploads' (absent but on text inputs, where the editor offers them).
 */
export const INPUT_BASE_OPTIONS = optionsSchema({ ...inputBase, ...uploadOptions });

/** An input's options schema: the common ones and its own. */
export function inputOptions<T extends z.ZodRawShape>(own: T) {
  return optionsSchema({ ...inputBase, ...own });
}

/** The text of a text message; undefined for no message, audio or commands. */
export function textOf(reply: ReplyMessage | undefined): string | undefined {
  return reply?.type === 'text' ? reply.text : undefined;
}

/** Text, or the audio URL of an audio message (text, file and payment inputs). */
export function textOrAudioOf(reply: ReplyMessage | undefined): string | undefined {
  if (reply?.type === 'text') return reply.text;
  if (reply?.type === 'audio') return reply.url;
  return undefined;
}

/**
 * The value to prefill the input with: the input's variable when it holds a
 * non-empty string (never a list).
 */
export function prefilledValue(block: BlockDefinition, ctx: BlockContext): string | undefined {
  const variableId = readOptions(INPUT_BASE_OPTIONS, block).variableId;
  const value: VariableValue | undefined = ctx.variables.value(variableId);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Adds `prefilledValue` last, only when there is one. */
export function withPrefilledValue(input: InputObject, value: string | undefined): InputObject {
  return value === undefined ? input : { ...input, prefilledValue: value };
}

/** The block as stored with every string substituted (key order kept). */
export async function substitutedBlock(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  return (await ctx.deep(block)) as InputObject;
}

/** The generic display: block substituted, plus the prefilled value. */
export async function displayWithPrefill(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  return withPrefilledValue(await substitutedBlock(block, ctx), prefilledValue(block, ctx));
}

export interface DisplayCondition {
  isEnabled?: boolean;
  condition?: Condition | null;
}

/** An item is hidden when its display condition is enabled, set, and false (operator defaults to AND). */
export async function isDisplayed(displayCondition: unknown, ctx: BlockContext): Promise<boolean> {
  if (!isRecord(displayCondition)) return true;
  const { isEnabled, condition } = displayCondition as DisplayCondition;
  if (!isEnabled || typeof condition !== 'object' || condition === null) return true;
  return ctx.evaluateCondition({ ...condition, logicalOperator: condition.logicalOperator ?? 'AND' });
}

/** The items whose display condition holds, in order (conditions evaluated one after the other). */
export async function displayedItems<T>(
  items: readonly T[],
  conditionOf: (item: T) => unknown,
  ctx: BlockContext,
): Promise<T[]> {
  const shown: T[] = [];
  for (const item of items) if (await isDisplayed(conditionOf(item), ctx)) shown.push(item);
  return shown;
}

/** Items of an item-based block (choice, picture choice, cards). */
export function itemsOf<T>(block: BlockDefinition): T[] {
  return Array.isArray(block.items) ? (block.items as unknown as T[]) : [];
}

function entryToText(entry: unknown): string | null {
  if (entry === null || entry === undefined) return null;
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'number' || typeof entry === 'boolean') return String(entry);
  return JSON.stringify(entry);
}

/**
 * A variable value as a list: a list stays a list, a string holding a JSON
 * array becomes that array, any other string a one-item list.
 */
export function valueAsList(value: VariableValue | undefined): (string | null)[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(entryToText);
  } catch {
    // not JSON: a single entry
  }
  return [value];
}

/** A variable value as a list of strings for dynamic items (a string ⇒ one entry, nulls kept). */
export function valueAsSimpleList(value: VariableValue | undefined): (string | null)[] | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? [value] : value;
}
