import { canonicalJson } from '../json';
import type { BotDefinition } from './parse';
import type { BlockDefinition, EdgeDefinition, EventDefinition, GroupDefinition, VariableDefinition } from './schema';

// What one save changed in a draft, object by object: the unit editors
// exchange to edit together (docs/co-editing.md). Each group, block, edge,
// variable and event is an object with an id, each top-level key of the theme
// and settings a property; a change sets or removes whole objects and
// properties, so two people changing different ones both keep theirs and the
// later of two changes to the same one wins (last writer wins, in the order
// the server applied them).

/** A group without its blocks: its own properties, and the order of its blocks by id. */
export interface GroupShell {
  id: string;
  title: string;
  graphCoordinates?: GroupDefinition['graphCoordinates'];
  blockIds: string[];
  /** Other properties a group carries (exports of newer builders add some). */
  [key: string]: unknown;
}

export interface ObjectChanges<T> {
  /** Objects added or changed, whole. */
  set?: T[];
  /** Ids of objects removed. */
  remove?: string[];
}

export interface DraftPatch {
  /** The definition's version, when the save changed it (an import of another version). */
  version?: BotDefinition['version'];
  groups?: ObjectChanges<GroupShell> & { order?: string[] };
  blocks?: ObjectChanges<{ groupId: string; block: BlockDefinition }>;
  edges?: ObjectChanges<EdgeDefinition>;
  variables?: ObjectChanges<VariableDefinition> & { order?: string[] };
  /** null: the bot has no events (before version 6). */
  events?: (ObjectChanges<EventDefinition> & { order?: string[] }) | null;
  /** Top-level keys set (null: removed). */
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  whatsAppCredentialsId?: string | null;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const shellOf = ({ blocks, ...group }: GroupDefinition): GroupShell => ({
  ...group,
  blockIds: blocks.map((block) => block.id),
});

function objectChanges<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): (ObjectChanges<T> & { order?: string[] }) | undefined {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Set(after.map((item) => item.id));
  const set = after.filter((item) => !old.has(item.id) || !same(old.get(item.id), item));
  const remove = before.filter((item) => !now.has(item.id)).map((item) => item.id);
  const kept = before.filter((item) => now.has(item.id)).map((item) => item.id);
  const keptAfter = after.filter((item) => old.has(item.id)).map((item) => item.id);
  // New objects are appended where they are; only a reordering of the kept ones needs the whole order.
  const newOnlyAtEnd = after.slice(keptAfter.length).every((item) => !old.has(item.id));
  const reordered = !same(kept, keptAfter) || !newOnlyAtEnd;
  if (set.length === 0 && remove.length === 0 && !reordered) return undefined;
  return {
    ...(set.length > 0 ? { set } : {}),
    ...(remove.length > 0 ? { remove } : {}),
    ...(reordered ? { order: after.map((item) => item.id) } : {}),
  };
}

function propertyChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(key in after)) changes[key] = null;
    else if (!same(before[key], after[key])) changes[key] = after[key];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** What changed from `before` to `after`; an empty patch ({}) when nothing did. */
export function draftPatch(before: BotDefinition, after: BotDefinition): DraftPatch {
  const patch: DraftPatch = {};
  if (before.version !== after.version) patch.version = after.version;
  const groups = objectChanges(before.groups.map(shellOf), after.groups.map(shellOf));
  if (groups) {
    const { order, ...rest } = groups;
    patch.groups = { ...rest, ...(order ? { order } : {}) };
  }
  const placed = (definition: BotDefinition) =>
    definition.groups.flatMap((group) => group.blocks.map((block) => ({ id: block.id, groupId: group.id, block })));
  const blocks = objectChanges(placed(before), placed(after));
  if (blocks && (blocks.set || blocks.remove)) {
    patch.blocks = {
      ...(blocks.set ? { set: blocks.set.map(({ groupId, block }) => ({ groupId, block })) } : {}),
      ...(blocks.remove ? { remove: blocks.remove } : {}),
    };
  }
  const edges = objectChanges(before.edges, after.edges);
  if (edges && (edges.set || edges.remove))
    patch.edges = { ...(edges.set ? { set: edges.set } : {}), ...(edges.remove ? { remove: edges.remove } : {}) };
  const variables = objectChanges(before.variables, after.variables);
  if (variables) patch.variables = variables;
  if (after.events === null) {
    if (before.events !== null) patch.events = null;
  } else {
    const events = objectChanges(before.events ?? [], after.events);
    if (events || before.events === null) patch.events = events ?? { order: [] };
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

function applyObjects<T extends { id: string }>(
  items: readonly T[],
  changes: (ObjectChanges<T> & { order?: string[] }) | undefined,
): T[] {
  if (!changes) return [...items];
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
 * Applies a patch to a definition that may differ from the one it was made
 * on (an editor's, with its own unsaved changes): objects the patch does not
 * name are left as they are, so both people's changes stay.
 */
export function applyDraftPatch(definition: BotDefinition, patch: DraftPatch): BotDefinition {
  const removedBlocks = new Set(patch.blocks?.remove ?? []);
  const setBlocks = new Map((patch.blocks?.set ?? []).map((entry) => [entry.block.id, entry]));
  const blocks = new Map<string, BlockDefinition>();
  const home = new Map<string, string>();
  for (const group of definition.groups)
    for (const block of group.blocks) {
      if (removedBlocks.has(block.id)) continue;
      blocks.set(block.id, block);
      home.set(block.id, group.id);
    }
  for (const { groupId, block } of setBlocks.values()) {
    blocks.set(block.id, block);
    home.set(block.id, groupId);
  }
  const shells = applyObjects(definition.groups.map(shellOf), patch.groups);
  const groups = shells.map(({ blockIds, ...group }) => {
    // The group's order first (what the writer saw), then its other blocks that still live here (someone else's).
    const listed = blockIds.filter((id) => blocks.has(id) && home.get(id) === group.id);
    const others = [...home.entries()]
      .filter(([id, groupId]) => groupId === group.id && !listed.includes(id))
      .map(([id]) => id);
    return { ...group, blocks: [...listed, ...others].map((id) => blocks.get(id)!) } as GroupDefinition;
  });
  const events =
    patch.events === null
      ? null
      : patch.events
        ? applyObjects(definition.events ?? [], patch.events)
        : definition.events;
  const next: BotDefinition = {
    ...definition,
    version: patch.version ?? definition.version,
    groups,
    edges: applyObjects(definition.edges, patch.edges),
    variables: applyObjects(definition.variables, patch.variables),
    events,
    theme: applyProperties(definition.theme, patch.theme),
    settings: applyProperties(definition.settings, patch.settings),
  };
  if (patch.whatsAppCredentialsId !== undefined) {
    if (patch.whatsAppCredentialsId === null) delete next.whatsAppCredentialsId;
    else next.whatsAppCredentialsId = patch.whatsAppCredentialsId;
  }
  return next;
}
