import {
  applyDraftPatch,
  draftPatch,
  isEmptyPatch,
  type DraftPatch,
  type GroupShell,
  type ObjectChanges,
  type OrderedChanges,
  type PatchedObject,
} from '../../../engine/shapes/draft-patch';
import {
  leafWords,
  objectValue,
  patchedValues,
  replacesWords,
  type LeafWords,
} from '../../../engine/shapes/draft-words';
import { isObject } from '../json';
import { readDraft, type Draft } from './draft';

// Editing together, the editor's side (docs/co-editing.md): the editor keeps
// the draft as the server last told it (the base) and its own copy; it sends
// what its copy changed from the base, and applies every save the server
// reports, its own included, to the base, then puts its unsaved changes back
// on top. Pure functions here; use-draft-sync.ts does the talking.

/** One save as the server reports it (bot.draftChanges), read. */
export interface DraftChange {
  version: number;
  authorId: string | null;
  clientKey: string | null;
  author: { name: string | null; email: string } | null;
  patch: DraftPatch;
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** Objects the patch sets, read as the editor reads a stored draft (readDraft): anything else is dropped. */
function readChanges<T>(
  value: unknown,
  read: (set: unknown[]) => T[],
  ordered: boolean,
): OrderedChanges<T> | undefined | null {
  if (value === undefined) return undefined;
  if (!isObject(value)) return null;
  const remove = value.remove === undefined ? undefined : strings(value.remove);
  const order = value.order === undefined ? undefined : strings(value.order);
  if (remove === undefined && value.remove !== undefined) return null;
  if (order === undefined && value.order !== undefined) return null;
  if (value.set !== undefined && !Array.isArray(value.set)) return null;
  return {
    ...(Array.isArray(value.set) ? { set: read(value.set) } : {}),
    ...(remove ? { remove } : {}),
    ...(ordered && order ? { order } : {}),
  };
}

const readShells = (set: unknown[]): GroupShell[] =>
  set.flatMap((shell) => {
    const blockIds = isObject(shell) ? strings(shell.blockIds) : undefined;
    if (!isObject(shell) || !blockIds) return [];
    const [group] = readDraft({ groups: [{ ...shell, blocks: [] }] }).groups;
    if (!group || group.id !== shell.id) return [];
    const { blocks: _none, ...rest } = group;
    return [{ ...rest, blockIds }];
  });

const readPlacedBlocks = (set: unknown[]) =>
  set.flatMap((entry) => {
    if (!isObject(entry) || typeof entry.groupId !== 'string' || !isObject(entry.block)) return [];
    const [block] = readDraft({ groups: [{ id: entry.groupId, blocks: [entry.block] }] }).groups[0]!.blocks;
    return block && block.id === entry.block.id ? [{ groupId: entry.groupId, block: block as PatchedObject }] : [];
  });

const readAs =
  (key: 'edges' | 'variables' | 'events') =>
  (set: unknown[]): PatchedObject[] =>
    // Only objects with their id: readDraft would give the others a new one.
    readDraft({ [key]: set.filter((item) => isObject(item) && typeof item.id === 'string') })[key] as PatchedObject[];

/**
 * A patch of the flow editor's part of the draft, as the server sent it;
 * null when it does not read as one, or when it changes more than the flow
 * (another version, a bot without events: an import), so the editor reads the
 * whole flow again instead. Theme and settings keys are not the flow's.
 */
export function readPatch(value: unknown): DraftPatch | null {
  if (!isObject(value) || value.version !== undefined || value.events === null) return null;
  const groups = readChanges(value.groups, readShells, true);
  const blocks = readChanges(value.blocks, readPlacedBlocks, false);
  const edges = readChanges(value.edges, readAs('edges'), false);
  const variables = readChanges(value.variables, readAs('variables'), true);
  const events = readChanges(value.events, readAs('events'), true);
  if ([groups, blocks, edges, variables, events].includes(null)) return null;
  return {
    ...(groups ? { groups } : {}),
    ...(blocks ? { blocks: blocks as ObjectChanges<{ groupId: string; block: PatchedObject }> } : {}),
    ...(edges ? { edges } : {}),
    ...(variables ? { variables } : {}),
    ...(events ? { events } : {}),
  };
}

/** The saves the server listed, read; null when one does not read (the editor reloads the flow). */
export function readDraftChanges(value: readonly unknown[] | null | undefined): DraftChange[] | null {
  if (!value) return null;
  const changes: DraftChange[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.version !== 'number') return null;
    const patch = readPatch(entry.patch);
    if (!patch) return null;
    const author = isObject(entry.author) && typeof entry.author.email === 'string' ? entry.author : null;
    changes.push({
      version: entry.version,
      authorId: typeof entry.authorId === 'string' ? entry.authorId : null,
      clientKey: typeof entry.clientKey === 'string' ? entry.clientKey : null,
      author: author
        ? { email: author.email as string, name: typeof author.name === 'string' ? author.name : null }
        : null,
      patch,
    });
  }
  return changes;
}

/**
 * The editor's copy once the base moved to `next`: the changes it made since
 * `since` put back on top (when it has none, the new base itself, so the
 * editor knows nothing is left to save).
 */
export function rebase(present: Draft, since: Draft, next: Draft): Draft {
  if (present === since) return next;
  const own = draftPatch(since, present);
  return isEmptyPatch(own) ? next : applyDraftPatch(next, own);
}

export interface CaughtUp {
  base: Draft;
  version: number;
  /** Other people's saves among them (other tabs of the same person too). */
  foreign: DraftChange[];
}

/** The base after the saves the server listed (those it already had are skipped). */
export function catchUp(base: Draft, version: number, changes: readonly DraftChange[], ownKey: string): CaughtUp {
  let next = base;
  let reached = version;
  const foreign: DraftChange[] = [];
  for (const change of changes) {
    if (change.version <= reached) continue;
    next = applyDraftPatch(next, change.patch);
    reached = change.version;
    if (change.clientKey !== ownKey) foreign.push(change);
  }
  return { base: next, version: reached, foreign };
}

/** Other people's saves applied to a step of the editor's undo history, so undoing never takes theirs back. */
export function withForeign(draft: Draft, foreign: readonly DraftChange[]): Draft {
  return foreign.reduce((each, change) => applyDraftPatch(each, change.patch), draft);
}

/** How long after one's own save another person's change to the same object counts as replacing it (as the server's OVERWRITE_WINDOW_MS). */
export const OVERWRITE_WINDOW_MS = 2 * 60_000;

/** The objects this tab saved lately: object → what its saves put there (draft-words.ts), the version of the last and when. */
export type RecentSaves = Map<string, { version: number; at: number; words: LeafWords[] }>;

/**
 * Remembers what a save of this tab put in each object it changed, given the
 * base it was made from (so that nobody else's change is taken for its own).
 * Words an earlier save put in the same object stay, unless this one changed
 * them itself; objects it created hold nobody's words yet.
 */
export function rememberSave(recent: RecentSaves, base: Draft, patch: DraftPatch, version: number, at: number): void {
  for (const [object, saved] of recent) if (at - saved.at > OVERWRITE_WINDOW_MS) recent.delete(object);
  for (const [object, after] of patchedValues(patch)) {
    const before = objectValue(base, object);
    const earlier = (recent.get(object)?.words ?? []).filter((leaf) => !replacesWords([leaf], after));
    const words = [...earlier, ...(before === undefined ? [] : leafWords(before, after))];
    if (words.length > 0) recent.set(object, { version, at, words });
    else recent.delete(object);
  }
}

/** Another person's save that replaced something this tab saved moments before: what, and who. */
export interface Overwrite {
  objects: string[];
  change: DraftChange;
}

/**
 * Other people's saves that replaced words this tab saved moments before (not
 * those that only set the same object: adding to a text, changing another
 * field). Each object is told once: its words are forgotten then, so the
 * other person's next saves of it raise nothing.
 */
export function overwrites(recent: RecentSaves, foreign: readonly DraftChange[], now: number): Overwrite[] {
  return foreign.flatMap((change) => {
    const objects = [...patchedValues(change.patch)].flatMap(([object, value]) => {
      const mine = recent.get(object);
      if (!mine || mine.version >= change.version || now - mine.at > OVERWRITE_WINDOW_MS) return [];
      if (!replacesWords(mine.words, value)) return [];
      recent.delete(object);
      return [object];
    });
    return objects.length > 0 ? [{ objects, change }] : [];
  });
}

/** An object of a patch in words, for the notice: "the block in “Welcome”", "“Welcome”", "the variable Name". */
export function describeObject(object: string, draft: Draft): string {
  const [kind, id] = [object.slice(0, object.indexOf(':')), object.slice(object.indexOf(':') + 1)];
  if (kind === 'group') {
    const group = draft.groups.find((each) => each.id === id);
    return group ? `the group “${group.title}”` : 'a group';
  }
  if (kind === 'block') {
    const group = draft.groups.find((each) => each.blocks.some((block) => block.id === id));
    return group ? `a block in “${group.title}”` : 'a block';
  }
  if (kind === 'variable') {
    const variable = draft.variables.find((each) => each.id === id);
    return variable ? `the variable ${variable.name}` : 'a variable';
  }
  if (kind === 'edge') return 'a connection';
  return 'the start';
}
