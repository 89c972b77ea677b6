import { blocksWithHandlers } from '../blocks/registry';
import { readOptions } from '../blocks/options';
import type { BlockDefinition, EdgeDefinition, EventDefinition, GroupDefinition } from './schema';
import { START_TYPE } from './block-types';
import type { BotDefinition } from './parse';
import { isV6 } from './versions';
import type { RuntimeBot } from './runtime-bot';

/**
 * Drops what earlier versions stored on blocks and items and v6 no longer has
 * (a block's `groupId`, an item's `blockId` and `type`): the reference's v6
 * schemas strip them, so clients never see them in an `input`.
 */
function withoutLegacyFields(block: BlockDefinition): BlockDefinition {
  const { groupId: _groupId, ...rest } = block as BlockDefinition & { groupId?: unknown };
  if (!rest.items) return rest;
  return { ...rest, items: rest.items.map(({ blockId: _blockId, type: _type, ...item }) => item) };
}

function withoutLegacyGroupFields(group: GroupDefinition): GroupDefinition {
  return { ...group, blocks: group.blocks.map(withoutLegacyFields) };
}

/** Parses every block's options with its module's schema now, so that no turn parses them (see blocks/options.ts). */
function withParsedOptions(bot: RuntimeBot): RuntimeBot {
  for (const [block, handler] of blocksWithHandlers(bot.groups)) readOptions(handler.options, block);
  return bot;
}

/**
 * Brings a parsed definition to the v6 structure in memory (docs/engine-behaviour.md#definition-versions
 * migration): the start block's group becomes a start event. The original
 * `version` is kept, because v5 behaviours depend on it.
 */
export function toRuntimeBot(botId: string, definition: BotDefinition): RuntimeBot {
  return withParsedOptions(migrateToRuntime(botId, definition));
}

function migrateToRuntime(botId: string, definition: BotDefinition): RuntimeBot {
  const base = {
    id: botId,
    version: definition.version,
    variables: definition.variables.map((variable) => ({ ...variable })),
    theme: definition.theme,
    settings: definition.settings,
    ...(definition.whatsAppCredentialsId ? { whatsAppCredentialsId: definition.whatsAppCredentialsId } : {}),
  };
  if (isV6(definition.version)) {
    return {
      ...base,
      groups: definition.groups.map(withoutLegacyGroupFields),
      edges: definition.edges,
      events: definition.events ?? [],
    };
  }
  const startGroup = definition.groups.find((group) => group.blocks.some((block) => block.type === START_TYPE));
  const startBlock = startGroup?.blocks.find((block) => block.type === START_TYPE);
  const groups: GroupDefinition[] = definition.groups
    .map((group) =>
      withoutLegacyGroupFields({ ...group, blocks: group.blocks.filter((block) => block.type !== START_TYPE) }),
    )
    .filter((group) => group.blocks.length > 0);
  const startEventId = startGroup?.id ?? 'start';
  const events: EventDefinition[] = [
    {
      id: startEventId,
      type: 'start',
      graphCoordinates: startGroup?.graphCoordinates,
      outgoingEdgeId: startBlock?.outgoingEdgeId ?? undefined,
    },
  ];
  const edges: EdgeDefinition[] = definition.edges.map((edge) =>
    edge.id === startBlock?.outgoingEdgeId ? { ...edge, from: { eventId: startEventId } } : edge,
  );
  return { ...base, groups, edges, events };
}
