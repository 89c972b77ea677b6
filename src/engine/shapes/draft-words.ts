import { sameJson, type DraftPatch, type GroupShell, type PatchableDraft } from './draft-patch';

// Whose words a save replaced (docs/co-editing.md#the-flow-editors-side).
// Saves set whole objects (a block, a group), so "another person's save set
// the block I just saved" says nothing about whether it took anything of mine
// away: Bob adding to Ann's message, or filling in another field of her block,
// sets the same object and keeps every word of hers. What one save put in an
// object is read here down to its leaves (a text, a number, a list of ids),
// and a later value of the object is checked against it: a text keeps the
// words that were typed into it when they are still in it, a list the items
// added to it, anything else the value given. Pure, and bundled by the
// console: the server decides its overwrite checkpoints and the editor its
// notices with the same rule.

/** A step down into an object: a key, a list's index, or the item of a list of objects with that id. */
export type PathStep = string | number | { id: string };

/** What a save put at one place in an object. */
export type LeafWords =
  /**
   * Text typed in: kept while the later text still contains it. A long one is
   * kept as its first and last characters (`text`, then `tail` after it):
   * the log stores words beside every patch, and a pasted page need not be
   * stored twice to be recognised.
   */
  | { kind: 'text'; path: PathStep[]; text: string; tail?: string }
  /** Text deleted (`around`: it, or a long one's start, with a little of what surrounded it): replaced when it is back. */
  | { kind: 'cut'; path: PathStep[]; around: string }
  /** Plain values added to or dropped from a list (ids of a group's blocks…). */
  | { kind: 'items'; path: PathStep[]; added: unknown[]; dropped: unknown[] }
  /** Any other value, kept while it is the same; without `value`: something removed. */
  | { kind: 'value'; path: PathStep[]; value?: unknown };

/** Per object (`block:b1`, `group:g1`, `theme:chat`…, as touchedObjects names them), what a save put in it. */
export type SaveWords = Record<string, LeafWords[]>;

/** Characters on each side of a deletion that `around` keeps, so that a lone letter found elsewhere is not taken for it. */
const CUT_CONTEXT = 8;
/** Characters of each end a longer text is kept as. */
const EXCERPT = 32;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasId = (value: unknown): value is { id: string } => isPlainObject(value) && typeof value.id === 'string';

const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

const shellOf = ({ blocks, ...group }: PatchableDraft['groups'][number]): GroupShell => ({
  ...group,
  blockIds: blocks.map((block) => block.id),
});

/** An object of a draft as a patch carries it (a group's shell, a block with its group), or undefined. */
export function objectValue(draft: PatchableDraft, object: string): unknown {
  const at = object.indexOf(':');
  const [kind, id] = [object.slice(0, at), object.slice(at + 1)];
  const byId = (items: readonly { id: string }[] | null | undefined) => items?.find((item) => item.id === id);
  switch (kind) {
    case 'group': {
      const group = byId(draft.groups);
      return group && shellOf(group as PatchableDraft['groups'][number]);
    }
    case 'block':
      for (const group of draft.groups) {
        const block = group.blocks.find((each) => each.id === id);
        if (block) return { groupId: group.id, block };
      }
      return undefined;
    case 'edge':
      return byId(draft.edges);
    case 'variable':
      return byId(draft.variables);
    case 'event':
      return byId(draft.events);
    case 'theme':
      return draft.theme?.[id];
    case 'settings':
      return draft.settings?.[id];
    default:
      return undefined;
  }
}

/** The objects a patch sets, with the value it gives each (undefined: removed). */
export function patchedValues(patch: DraftPatch): Map<string, unknown> {
  const values = new Map<string, unknown>();
  const add = (kind: string, changes: { set?: readonly { id: string }[]; remove?: readonly string[] } | undefined) => {
    for (const item of changes?.set ?? []) values.set(`${kind}:${item.id}`, item);
    for (const id of changes?.remove ?? []) values.set(`${kind}:${id}`, undefined);
  };
  add('group', patch.groups);
  for (const entry of patch.blocks?.set ?? []) values.set(`block:${entry.block.id}`, entry);
  for (const id of patch.blocks?.remove ?? []) values.set(`block:${id}`, undefined);
  add('edge', patch.edges);
  add('variable', patch.variables);
  add('event', patch.events ?? undefined);
  for (const kind of ['theme', 'settings'] as const)
    for (const [key, value] of Object.entries(patch[kind] ?? {})) values.set(`${kind}:${key}`, value ?? undefined);
  return values;
}

function textWords(before: string, after: string, path: PathStep[]): LeafWords {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const typed = after.slice(start, after.length - end);
  if (typed.length > 2 * EXCERPT)
    return { kind: 'text', path, text: typed.slice(0, EXCERPT), tail: typed.slice(-EXCERPT) };
  if (typed) return { kind: 'text', path, text: typed };
  const cut = before.slice(start, before.length - end);
  const around =
    before.slice(Math.max(0, start - CUT_CONTEXT), start) +
    (cut.length > 2 * EXCERPT ? cut.slice(0, EXCERPT) : cut + before.slice(before.length - end).slice(0, CUT_CONTEXT));
  return { kind: 'cut', path, around };
}

/** What changed from `before` to `after`, leaf by leaf, as the words the change put there. */
export function leafWords(before: unknown, after: unknown, path: PathStep[] = []): LeafWords[] {
  if (sameJson(before, after)) return [];
  if (after === undefined) return [{ kind: 'value', path }];
  if (isPlainObject(after) && (before === undefined || isPlainObject(before))) {
    const old = before ?? {};
    const keys = new Set([...Object.keys(old), ...Object.keys(after)]);
    return [...keys].flatMap((key) => leafWords(old[key], after[key], [...path, key]));
  }
  if (Array.isArray(after) && (before === undefined || Array.isArray(before))) {
    const old: unknown[] = before ?? [];
    if ([...old, ...after].every(hasId)) {
      const ids = new Set([...old, ...after].map((item) => (item as { id: string }).id));
      const find = (items: unknown[], id: string) => items.find((item) => (item as { id: string }).id === id);
      return [...ids].flatMap((id) => leafWords(find(old, id), find(after, id), [...path, { id }]));
    }
    if ([...old, ...after].every(isPlain)) {
      const added = after.filter((item) => !old.includes(item));
      const dropped = old.filter((item) => !after.includes(item));
      // Only the order changed: that order is what the save gave.
      if (added.length === 0 && dropped.length === 0) return [{ kind: 'value', path, value: after }];
      return [{ kind: 'items', path, added, dropped }];
    }
    const length = Math.max(old.length, after.length);
    return Array.from({ length }, (_, index) => leafWords(old[index], after[index], [...path, index])).flat();
  }
  if (typeof after === 'string' && (before === undefined || typeof before === 'string'))
    return [textWords(before ?? '', after, path)];
  return [{ kind: 'value', path, value: after }];
}

/** What one save put in each object it changed, given the draft before it; objects it created are nobody's words yet. */
export function saveWords(before: PatchableDraft, patch: DraftPatch): SaveWords {
  const words: SaveWords = {};
  for (const [object, after] of patchedValues(patch)) {
    const old = objectValue(before, object);
    if (old === undefined) continue;
    const leaves = leafWords(old, after);
    if (leaves.length > 0) words[object] = leaves;
  }
  return words;
}

function valueAt(value: unknown, path: readonly PathStep[]): unknown {
  let here = value;
  for (const step of path) {
    if (typeof step === 'string') here = isPlainObject(here) ? here[step] : undefined;
    else if (typeof step === 'number') here = Array.isArray(here) ? (here[step] as unknown) : undefined;
    else here = Array.isArray(here) ? here.find((item) => hasId(item) && item.id === step.id) : undefined;
  }
  return here;
}

/** Whether `later` (an object's next value; undefined: removed) no longer holds one of these words. */
export function replacesWords(words: readonly LeafWords[], later: unknown): boolean {
  return words.some((leaf) => {
    const now = valueAt(later, leaf.path);
    switch (leaf.kind) {
      case 'text': {
        if (typeof now !== 'string') return true;
        const at = now.indexOf(leaf.text);
        return at < 0 || (leaf.tail !== undefined && now.indexOf(leaf.tail, at + leaf.text.length) < 0);
      }
      case 'cut':
        return typeof now === 'string' && now.includes(leaf.around);
      case 'items':
        if (!Array.isArray(now)) return leaf.added.length > 0;
        return leaf.added.some((item) => !now.includes(item)) || leaf.dropped.some((item) => now.includes(item));
      case 'value':
        return !sameJson(now, leaf.value);
    }
  });
}

/** SaveWords as stored (the change log's JSON), or null when it does not read as such. */
export function readSaveWords(value: unknown): SaveWords | null {
  if (!isPlainObject(value)) return null;
  const words: SaveWords = {};
  for (const [object, leaves] of Object.entries(value)) {
    if (!Array.isArray(leaves)) return null;
    const read = leaves.filter(
      (leaf): leaf is LeafWords =>
        isPlainObject(leaf) &&
        Array.isArray(leaf.path) &&
        ['text', 'cut', 'items', 'value'].includes(leaf.kind as string) &&
        (leaf.kind !== 'text' ||
          (typeof leaf.text === 'string' && (leaf.tail === undefined || typeof leaf.tail === 'string'))) &&
        (leaf.kind !== 'cut' || typeof leaf.around === 'string') &&
        (leaf.kind !== 'items' || (Array.isArray(leaf.added) && Array.isArray(leaf.dropped))),
    );
    if (read.length !== leaves.length) return null;
    words[object] = read;
  }
  return words;
}
