// What one save changed in a draft, object by object: the unit editors
// exchange to edit together (docs/co-editing.md). Each group, block, edge,
// variable and event is an object with an id, each top-level key of the theme
// and settings a property; a change sets or removes whole objects and
// properties, so two people changing different ones both keep theirs and the
// later of two changes to the same one wins (last writer wins, in the order
// the server applied them).
//
// The server diffs whole definitions; the console diffs and applies the flow
// editor's part of one (no theme or settings) with the same code, so both
// sides merge alike.

export interface Identified {
  id: string;
}

/** A group without its blocks: its own properties, and the order of its blocks by id. */
export interface GroupShell extends Identified {
  blockIds: string[];
  /** Title, coordinates and whatever else a group carries. */
  [key: string]: unknown;
}

export interface ObjectChanges<T> {
  /** Objects added or changed, whole. */
  set?: T[];
  /** Ids of objects removed. */
  remove?: string[];
}

/** Object changes of a list whose order matters: `order` names every object when the kept ones moved. */
export type OrderedChanges<T> = ObjectChanges<T> & { order?: string[] };

/** An object as a patch carries it: its id, and the rest as it was saved. */
export interface PatchedObject extends Identified {
  [key: string]: unknown;
}

export interface DraftPatch {
  /** The definition's version, when the save changed it (an import of another version). */
  version?: string;
  groups?: OrderedChanges<GroupShell>;
  blocks?: ObjectChanges<{ groupId: string; block: PatchedObject }>;
  edges?: ObjectChanges<PatchedObject>;
  variables?: OrderedChanges<PatchedObject>;
  /** null: the bot has no events (before version 6). */
  events?: OrderedChanges<PatchedObject> | null;
  /** Top-level keys set (null: removed). */
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  whatsAppCredentialsId?: string | null;
}

interface PatchableGroup extends Identified {
  blocks: readonly Identified[];
}

/** What a patch describes and applies to: a whole definition, or the flow editor's part of one. */
export interface PatchableDraft {
  version?: string;
  groups: readonly PatchableGroup[];
  edges: readonly Identified[];
  variables: readonly Identified[];
  events?: readonly Identified[] | null;
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  whatsAppCredentialsId?: string;
}

/** Equality of JSON values (key order and undefined-valued keys aside); shared objects compare at once. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameJson(left[key], right[key]));
}

function shellOf({ blocks, ...group }: PatchableGroup): GroupShell {
  return { ...group, blockIds: blocks.map((block) => block.id) };
}

function objectChanges<T extends Identified>(before: readonly T[], after: readonly T[]): OrderedChanges<T> | undefined {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Set(after.map((item) => item.id));
  const set = after.filter((item) => !old.has(item.id) || !sameJson(old.get(item.id), item));
  const remove = before.filter((item) => !now.has(item.id)).map((item) => item.id);
  const kept = before.filter((item) => now.has(item.id)).map((item) => item.id);
  const keptAfter = after.filter((item) => old.has(item.id)).map((item) => item.id);
  // New objects are appended where they are; only a reordering of the kept ones needs the whole order.
  const newOnlyAtEnd = after.slice(keptAfter.length).every((item) => !old.has(item.id));
  const reordered = !sameJson(kept, keptAfter) || !newOnlyAtEnd;
  if (set.length === 0 && remove.length === 0 && !reordered) return undefined;
  return {
    ...(set.length > 0 ? { set } : {}),
    ...(remove.length > 0 ? { remove } : {}),
    ...(reordered ? { order: after.map((item) => item.id) } : {}),
  };
}

const withoutOrder = <T>({ set, remove }: OrderedChanges<T>): ObjectChanges<T> | undefined =>
  set || remove ? { ...(set ? { set } : {}), ...(remove ? { remove } : {}) } : undefined;

/** The top-level keys that differ (null: removed), or undefined when none do. */
export function propertyChanges(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
): Record<string, unknown> | undefined {
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(key in after)) changes[key] = null;
    else if (!sameJson(before[key], after[key])) changes[key] = after[key];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** What changed from `before` to `after`; an empty patch ({}) when nothing did. */
export function draftPatch(before: PatchableDraft, after: PatchableDraft): DraftPatch {
  const patch: DraftPatch = {};
  if (before.version !== after.version && after.version !== undefined) patch.version = after.version;
  if (before.groups !== after.groups) {
    const groups = objectChanges(before.groups.map(shellOf), after.groups.map(shellOf));
    if (groups) patch.groups = groups;
    const placed = (draft: PatchableDraft) =>
      draft.groups.flatMap((group) => group.blocks.map((block) => ({ id: block.id, groupId: group.id, block })));
    const blocks = objectChanges(placed(before), placed(after));
    const changed = blocks && withoutOrder(blocks);
    if (changed)
      patch.blocks = {
        ...(changed.set
          ? { set: changed.set.map(({ groupId, block }) => ({ groupId, block: block as PatchedObject })) }
          : {}),
        ...(changed.remove ? { remove: changed.remove } : {}),
      };
  }
  const edges = objectChanges(before.edges, after.edges);
  const changedEdges = edges && withoutOrder(edges);
  if (changedEdges) patch.edges = changedEdges as ObjectChanges<PatchedObject>;
  const variables = objectChanges(before.variables, after.variables);
  if (variables) patch.variables = variables as OrderedChanges<PatchedObject>;
  if (after.events === null) {
    if (before.events !== null) patch.events = null;
  } else if (after.events !== undefined) {
    const events = objectChanges(before.events ?? [], after.events);
    if (events || before.events === null) patch.events = (events ?? { order: [] }) as OrderedChanges<PatchedObject>;
  }
  const theme = propertyChanges(before.theme, after.theme);
  if (theme) patch.theme = theme;
  const settings = propertyChanges(before.settings, after.settings);
  if (settings) patch.settings = settings;
  if ((before.whatsAppCredentialsId ?? null) !== (after.whatsAppCredentialsId ?? null))
    patch.whatsAppCredentialsId = after.whatsAppCredentialsId ?? null;
  return patch;
}

/** The objects and properties a patch sets or removes, as `kind:id` (group:g1, block:b2, theme:chat…). */
export function touchedObjects(patch: DraftPatch): Set<string> {
  const touched = new Set<string>();
  const add = (kind: string, ids: Iterable<string>) => {
    for (const id of ids) touched.add(`${kind}:${id}`);
  };
  add('group', [...(patch.groups?.set ?? []).map((group) => group.id), ...(patch.groups?.remove ?? [])]);
  add('block', [...(patch.blocks?.set ?? []).map((entry) => entry.block.id), ...(patch.blocks?.remove ?? [])]);
  add('edge', [...(patch.edges?.set ?? []).map((edge) => edge.id), ...(patch.edges?.remove ?? [])]);
  add('variable', [...(patch.variables?.set ?? []).map((item) => item.id), ...(patch.variables?.remove ?? [])]);
  add('event', [...(patch.events?.set ?? []).map((event) => event.id), ...(patch.events?.remove ?? [])]);
  add('theme', Object.keys(patch.theme ?? {}));
  add('settings', Object.keys(patch.settings ?? {}));
  return touched;
}

export function isEmptyPatch(patch: DraftPatch): boolean {
  return Object.keys(patch).length === 0;
}

function applyObjects<T extends Identified>(items: readonly T[], changes: OrderedChanges<T> | undefined): T[] {
  if (!changes) return items as T[];
  const removed = new Set(changes.remove ?? []);
  const byId = new Map(items.filter((item) => !removed.has(item.id)).map((item) => [item.id, item]));
  const order = items.filter((item) => !removed.has(item.id)).map((item) => item.id);
  for (const item of changes.set ?? []) {
    if (!byId.has(item.id)) order.push(item.id);
    byId.set(item.id, item);
  }
  if (!changes.order) return order.map((id) => byId.get(id)!);
  // The order names what the writer had; objects it did not know (another person's, added meanwhile) keep their place after.
  const ordered = changes.order.filter((id) => byId.has(id));
  const listed = new Set(ordered);
  return [...ordered, ...order.filter((id) => !listed.has(id))].map((id) => byId.get(id)!);
}

function applyProperties(target: Record<string, unknown>, changes: Record<string, unknown> | undefined) {
  if (!changes) return target;
  const next = { ...target };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * The groups after a patch. Groups the patch does not touch (their shell,
 * their blocks) stay the same objects, so a copy that follows other people's
 * saves redraws only what they changed.
 */
function applyGroups<G extends PatchableGroup>(groups: readonly G[], patch: DraftPatch): G[] {
  if (!patch.groups && !patch.blocks) return groups as G[];
  type Block = G['blocks'][number];
  const block = new Map<string, Block>();
  const home = new Map<string, string>();
  for (const group of groups)
    for (const each of group.blocks) {
      block.set(each.id, each);
      home.set(each.id, group.id);
    }
  const touched = new Set((patch.groups?.set ?? []).map((shell) => shell.id));
  for (const id of patch.blocks?.remove ?? []) {
    if (home.has(id)) touched.add(home.get(id)!);
    block.delete(id);
    home.delete(id);
  }
  for (const { groupId, block: each } of patch.blocks?.set ?? []) {
    if (home.has(each.id)) touched.add(home.get(each.id)!);
    touched.add(groupId);
    block.set(each.id, each as Block);
    home.set(each.id, groupId);
  }
  // Each group's blocks as they now are: its own order first, then blocks set into it by the patch.
  const members = new Map<string, string[]>();
  const place = (id: string) => {
    const groupId = home.get(id)!;
    const list = members.get(groupId) ?? [];
    if (!list.includes(id)) list.push(id);
    members.set(groupId, list);
  };
  for (const group of groups) for (const each of group.blocks) if (home.has(each.id)) place(each.id);
  for (const { block: each } of patch.blocks?.set ?? []) place(each.id);
  const original = new Map(groups.map((group) => [group.id, group]));
  const shells = applyObjects(groups.map(shellOf), patch.groups);
  return shells.map((shell) => {
    const kept = original.get(shell.id);
    if (kept && !touched.has(shell.id)) return kept;
    const { blockIds, ...group } = shell;
    const here = members.get(shell.id) ?? [];
    // The writer's order first (what it saw), then the group's other blocks (someone else's, added meanwhile).
    const listed = blockIds.filter((id) => home.get(id) === shell.id);
    const listedSet = new Set(listed);
    const ids = [...listed, ...here.filter((id) => !listedSet.has(id))];
    return { ...group, blocks: ids.map((id) => block.get(id)!) } as unknown as G;
  });
}

/**
 * Applies a patch to a draft that may differ from the one it was made on (an
 * editor's, with its own unsaved changes): objects the patch does not name
 * are left as they are, so both people's changes stay. Parts the draft does
 * not have (the flow editor's has no theme or settings) stay out.
 */
export function applyDraftPatch<D extends PatchableDraft>(draft: D, patch: DraftPatch): D {
  if (isEmptyPatch(patch)) return draft;
  type Item<K extends 'edges' | 'variables'> = D[K][number];
  const next: D = {
    ...draft,
    groups: applyGroups(draft.groups, patch),
    edges: applyObjects(draft.edges, patch.edges as ObjectChanges<Item<'edges'>> | undefined),
    variables: applyObjects(draft.variables, patch.variables as OrderedChanges<Item<'variables'>> | undefined),
  };
  if (patch.version !== undefined) next.version = patch.version;
  if (patch.events === null) next.events = null;
  else if (patch.events) next.events = applyObjects(draft.events ?? [], patch.events);
  if (draft.theme) next.theme = applyProperties(draft.theme, patch.theme);
  if (draft.settings) next.settings = applyProperties(draft.settings, patch.settings);
  if (patch.whatsAppCredentialsId !== undefined) {
    if (patch.whatsAppCredentialsId === null) delete next.whatsAppCredentialsId;
    else next.whatsAppCredentialsId = patch.whatsAppCredentialsId;
  }
  return next;
}
