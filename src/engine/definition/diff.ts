import { canonicalJson } from '../json';
import type { BotDefinition } from './parse';
import type { BlockDefinition, GroupDefinition } from './schema';

export interface GroupChange {
  id: string;
  title: string;
}

export interface BlockChange {
  id: string;
  /** The block's type, e.g. "text" or "choice input". */
  type: string;
  /** Where the block is: its group in the newer definition, or in the older one for a removed block. */
  groupId: string;
  /** What a person reads for it: its type and its group's title. */
  label: string;
}

/**
 * What differs from `from` to `to`: added means in `to` only, removed in
 * `from` only. Groups and blocks are matched by id, so a renamed group is
 * changed, not removed and added again.
 */
export interface DefinitionChanges {
  groupsAdded: GroupChange[];
  groupsRemoved: GroupChange[];
  /** Same id, another title, position or order of blocks (a block moved in or out counts). */
  groupsChanged: GroupChange[];
  blocksAdded: BlockChange[];
  blocksRemoved: BlockChange[];
  /** Same id, any other JSON (options, content, items, outgoing edge...). */
  blocksChanged: BlockChange[];
  themeChanged: boolean;
  settingsChanged: boolean;
  variablesChanged: boolean;
  /** Connections between blocks, which no group or block change shows. */
  edgesChanged: boolean;
  /** Start and other events (v6); null and an empty list are alike. */
  eventsChanged: boolean;
}

interface PlacedBlock {
  block: BlockDefinition;
  group: GroupDefinition;
}

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

const groupChange = (group: GroupDefinition): GroupChange => ({ id: group.id, title: group.title });

function blockChange({ block, group }: PlacedBlock): BlockChange {
  return {
    id: block.id,
    type: block.type,
    groupId: group.id,
    label: group.title ? `${block.type} in ${group.title}` : block.type,
  };
}

function blocksById(groups: GroupDefinition[]): Map<string, PlacedBlock> {
  const blocks = new Map<string, PlacedBlock>();
  for (const group of groups) for (const block of group.blocks) blocks.set(block.id, { block, group });
  return blocks;
}

function groupDiffers(from: GroupDefinition, to: GroupDefinition): boolean {
  return (
    from.title !== to.title ||
    !sameJson(from.graphCoordinates ?? null, to.graphCoordinates ?? null) ||
    !sameJson(
      from.blocks.map((block) => block.id),
      to.blocks.map((block) => block.id),
    )
  );
}

/** Lists in the order of the definition they come from (the editor's order), removed ones in the older definition's. */
export function diffDefinitions(from: BotDefinition, to: BotDefinition): DefinitionChanges {
  const fromGroups = new Map(from.groups.map((group) => [group.id, group]));
  const toGroupIds = new Set(to.groups.map((group) => group.id));
  const fromBlocks = blocksById(from.groups);
  const toBlocks = blocksById(to.groups);
  const changes: DefinitionChanges = {
    groupsAdded: [],
    groupsRemoved: from.groups.filter((group) => !toGroupIds.has(group.id)).map(groupChange),
    groupsChanged: [],
    blocksAdded: [],
    blocksRemoved: [...fromBlocks.entries()]
      .filter(([id]) => !toBlocks.has(id))
      .map(([, placed]) => blockChange(placed)),
    blocksChanged: [],
    themeChanged: !sameJson(from.theme, to.theme),
    settingsChanged: !sameJson(from.settings, to.settings),
    variablesChanged: !sameJson(from.variables, to.variables),
    edgesChanged: !sameJson(from.edges, to.edges),
    eventsChanged: !sameJson(from.events ?? [], to.events ?? []),
  };
  for (const group of to.groups) {
    const before = fromGroups.get(group.id);
    if (!before) changes.groupsAdded.push(groupChange(group));
    else if (groupDiffers(before, group)) changes.groupsChanged.push(groupChange(group));
  }
  for (const [id, placed] of toBlocks) {
    const before = fromBlocks.get(id);
    if (!before) changes.blocksAdded.push(blockChange(placed));
    else if (!sameJson(before.block, placed.block)) changes.blocksChanged.push(blockChange(placed));
  }
  return changes;
}
