// Matching a reply against the displayed items of a choice or picture choice
// input (docs/engine-behaviour.md#matching-a-choice).
import type { ReplyMessage } from '../../wire';
import type { ReplyParse } from '../handler';
import { FAIL, ok } from './shared';

export interface MatchableItem {
  id: string;
  outgoingEdgeId?: string | null;
  value?: unknown;
}

/** The item's label: `content` for buttons, `title || pictureSrc` for pictures. */
export type LabelOf<T> = (item: T) => string;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Internal value if set, else the label. */
function itemContent<T extends MatchableItem>(item: T, labelOf: LabelOf<T>): string {
  return nonEmptyString(item.value) ? item.value : labelOf(item);
}

/** Longest label first (a stable sort: equal lengths keep their order). */
function longestLabelFirst<T>(items: readonly T[], labelOf: LabelOf<T>): T[] {
  return [...items].sort((a, b) => labelOf(b).length - labelOf(a).length);
}

/**
 * Single choice: the client's `replyId`, else the text equal to an item id,
 * or (trimmed, case-sensitive) to its internal value or its label, longest
 * labels first. Content: internal value, else label; the item's edge is chosen.
 */
export function matchSingleChoice<T extends MatchableItem>(
  items: readonly T[],
  reply: ReplyMessage | undefined,
  labelOf: LabelOf<T>,
): ReplyParse {
  if (reply?.type !== 'text') return FAIL;
  const candidates = longestLabelFirst(items, labelOf);
  const replyId = reply.metadata?.replyId;
  const text = reply.text;
  const trimmed = text.trim();
  const matched =
    (replyId ? candidates.find((item) => item.id === replyId) : undefined) ??
    candidates.find(
      (item) =>
        item.id === text ||
        (nonEmptyString(item.value) && item.value.trim() === trimmed) ||
        (labelOf(item) !== '' && labelOf(item).trim() === trimmed),
    );
  if (!matched) return FAIL;
  const content = itemContent(matched, labelOf);
  if (content === '') return FAIL;
  return ok(content, { edgeId: matched.outgoingEdgeId });
}

const SYNTAX_CHARACTERS = /[\\^$.*+?()[\]{}|/]/g;

/**
 * A whole-phrase matcher: case-insensitive, not inside a longer word (Unicode
 * letters and numbers), any run of whitespace between the phrase's words.
 */
function phrasePattern(phrase: string): RegExp | undefined {
  const words = phrase
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const body = words.map((word) => word.replace(SYNTAX_CHARACTERS, '\\$&')).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Multiple choice: greedily consumes the reply, longest labels first, by item
 * id, then internal value, then label, then 1-based position of the items not
 * matched yet. Content: matched items in item order, joined with ", ". No item
 * edge (the block's own edge is followed).
 */
export function matchMultipleChoice<T extends MatchableItem>(
  items: readonly T[],
  reply: ReplyMessage | undefined,
  labelOf: LabelOf<T>,
): ReplyParse {
  if (reply?.type !== 'text') return FAIL;
  let remaining = reply.text;
  const matched = new Set<T>();
  const consume = (phrase: string): boolean => {
    const pattern = phrasePattern(phrase);
    const found = pattern?.exec(remaining);
    if (!found) return false;
    remaining = `${remaining.slice(0, found.index)} ${remaining.slice(found.index + found[0].length)}`;
    return true;
  };
  const sorted = longestLabelFirst(items, labelOf);
  const keys: ((item: T) => unknown)[] = [(item) => item.id, (item) => item.value, labelOf];
  for (const key of keys) {
    for (const item of sorted) {
      if (matched.has(item)) continue;
      const phrase = key(item);
      if (nonEmptyString(phrase) && consume(phrase)) matched.add(item);
    }
  }
  items.forEach((item, index) => {
    if (!matched.has(item) && consume(String(index + 1))) matched.add(item);
  });
  if (matched.size === 0) return FAIL;
  const content = items
    .filter((item) => matched.has(item))
    .map((item) => itemContent(item, labelOf).trim())
    .join(', ');
  return ok(content);
}
