import { isObject, type Json } from '../json';
import { blockLabel as typeLabel } from '../../../engine/blocks/definitions';
// The stored bot definition (JSON of any version Parley keeps) read into what
// the flow view draws. Parsed field by field: nothing unknown is trusted.

export interface FlowItem {
  id: string;
  label: string;
}

export interface FlowBlock {
  id: string;
  type: string;
  label: string;
  items: FlowItem[];
  /** What the block is set to, as stored (shown when the block is clicked). */
  details: Record<string, unknown>;
}

export interface FlowGroup {
  id: string;
  title: string;
  x: number;
  y: number;
  blocks: FlowBlock[];
}

export interface FlowEvent {
  id: string;
  type: string;
  x: number;
  y: number;
}

export interface FlowEdge {
  id: string;
  source: { node: string; handle: string };
  target: { node: string };
}

export interface Flow {
  groups: FlowGroup[];
  events: FlowEvent[];
  edges: FlowEdge[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const coordinate = (value: unknown, axis: 'x' | 'y'): number => {
  const number = isObject(value) ? value[axis] : undefined;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
};

/** The words of a rich text (Slate) tree, or of a plain text. */
function plainText(value: unknown, limit = 80): string {
  const words: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      if (typeof node.text === 'string') words.push(node.text);
      walk(node.children);
    }
  };
  walk(value);
  const joined = words.join(' ').replace(/\s+/g, ' ').trim();
  return joined.length > limit ? `${joined.slice(0, limit - 1)}…` : joined;
}

function blockLabel(block: Json): string {
  const type = text(block.type) ?? 'block';
  const name = typeLabel(type);
  const content = isObject(block.content) ? block.content : undefined;
  const summary = content ? plainText(content.richText) || text(content.plainText) || text(content.url) : undefined;
  return summary ? `${name}: ${summary}` : name;
}

function itemLabel(item: Json): string {
  const content = item.content;
  if (typeof content === 'string') return content;
  if (isObject(item.content) && typeof item.content.comparisons !== 'undefined') return 'Condition';
  return text(item.title) ?? text(isObject(item.content) ? item.content.value : undefined) ?? 'Item';
}

export function parseFlow(definition: { groups: unknown; edges: unknown; events?: unknown }): Flow {
  const groups: FlowGroup[] = list(definition.groups).map((group, index) => ({
    id: text(group.id) ?? `group-${index}`,
    title: text(group.title) ?? `Group #${index + 1}`,
    x: coordinate(group.graphCoordinates, 'x'),
    y: coordinate(group.graphCoordinates, 'y'),
    blocks: list(group.blocks).map((block, blockIndex) => {
      const { id: _id, type: _type, items: _items, groupId: _groupId, outgoingEdgeId: _edge, ...details } = block;
      return {
        id: text(block.id) ?? `block-${index}-${blockIndex}`,
        type: text(block.type) ?? 'unknown',
        label: blockLabel(block),
        items: list(block.items).map((item, itemIndex) => ({
          id: text(item.id) ?? `item-${itemIndex}`,
          label: itemLabel(item),
        })),
        details,
      };
    }),
  }));
  const events: FlowEvent[] = list(definition.events).map((event, index) => ({
    id: text(event.id) ?? `event-${index}`,
    type: text(event.type) ?? 'start',
    x: coordinate(event.graphCoordinates, 'x'),
    y: coordinate(event.graphCoordinates, 'y'),
  }));
  const groupOfBlock = new Map(groups.flatMap((group) => group.blocks.map((block) => [block.id, group.id] as const)));
  const edges: FlowEdge[] = [];
  for (const edge of list(definition.edges)) {
    const from = isObject(edge.from) ? edge.from : {};
    const to = isObject(edge.to) ? edge.to : {};
    const toGroup = text(to.groupId);
    if (!toGroup) continue;
    const eventId = text(from.eventId);
    const blockId = text(from.blockId);
    const sourceNode = eventId ? `event:${eventId}` : blockId ? groupOfBlock.get(blockId) : undefined;
    if (!sourceNode) continue;
    edges.push({
      id: text(edge.id) ?? `${sourceNode}->${toGroup}`,
      source: { node: sourceNode, handle: eventId ? 'out' : (text(from.itemId) ?? blockId!) },
      target: { node: toGroup },
    });
  }
  return { groups, events, edges };
}
