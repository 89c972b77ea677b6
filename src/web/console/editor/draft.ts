// The bot's draft as the editor changes it: the stored definition (Typebot v6
// shape) read once into typed records, and written back as it was read, with
// every key the editor does not know kept. Operations never mutate: each
// returns a new draft, so undo is keeping the old one.

import { isObject, type Json } from '../json';

export type { Json };

export interface Point {
  x: number;
  y: number;
}

export interface DraftItem extends Json {
  id: string;
  outgoingEdgeId?: string;
}

export interface DraftBlock extends Json {
  id: string;
  type: string;
  items?: DraftItem[];
  outgoingEdgeId?: string;
}

export interface DraftGroup extends Json {
  id: string;
  title: string;
  graphCoordinates: Point;
  blocks: DraftBlock[];
}

export interface DraftEvent extends Json {
  id: string;
  type: string;
  graphCoordinates: Point;
  outgoingEdgeId?: string;
}

/** Where an edge leaves from: the start event, a block, one of a block's items (a button), or a card's path. */
export type EdgeSource = { eventId: string } | { blockId: string; itemId?: string; pathId?: string };

export interface DraftEdge extends Json {
  id: string;
  from: EdgeSource;
  to: { groupId: string; blockId?: string };
}

export interface DraftVariable extends Json {
  id: string;
  name: string;
  isSessionVariable?: boolean;
}

export interface Draft {
  groups: DraftGroup[];
  events: DraftEvent[];
  edges: DraftEdge[];
  variables: DraftVariable[];
}

const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function point(value: unknown): Point {
  const read = (axis: 'x' | 'y') => {
    const number = isObject(value) ? value[axis] : undefined;
    return typeof number === 'number' && Number.isFinite(number) ? number : 0;
  };
  return { x: read('x'), y: read('y') };
}

/** A fresh id: 24 base-36 characters (cuid-like, as Typebot's ids), without needing a secure context. */
export function newId(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return 'p' + [...bytes.slice(1)].map((byte) => (byte % 36).toString(36)).join('');
}

/** Reads the stored definition; entries without an id get one (they could not be edited otherwise). */
export function readDraft(definition: {
  groups?: unknown;
  events?: unknown;
  edges?: unknown;
  variables?: unknown;
}): Draft {
  return {
    groups: objects(definition.groups).map((group, index) => ({
      ...group,
      id: text(group.id) ?? newId(),
      title: text(group.title) ?? `Group #${index + 1}`,
      graphCoordinates: point(group.graphCoordinates),
      blocks: objects(group.blocks).map((block) => ({
        ...block,
        id: text(block.id) ?? newId(),
        type: text(block.type) ?? 'unknown',
        ...(Array.isArray(block.items)
          ? { items: objects(block.items).map((item) => ({ ...item, id: text(item.id) ?? newId() })) }
          : {}),
      })),
    })),
    events: objects(definition.events).map((event) => ({
      ...event,
      id: text(event.id) ?? newId(),
      type: text(event.type) ?? 'start',
      graphCoordinates: point(event.graphCoordinates),
    })),
    edges: objects(definition.edges).flatMap((edge) => {
      const from = isObject(edge.from) ? edge.from : {};
      const to = isObject(edge.to) ? edge.to : {};
      const groupId = text(to.groupId);
      const source: EdgeSource | undefined = text(from.eventId)
        ? { eventId: text(from.eventId)! }
        : text(from.blockId)
          ? {
              blockId: text(from.blockId)!,
              ...(text(from.itemId) ? { itemId: text(from.itemId)! } : {}),
              ...(text(from.pathId) ? { pathId: text(from.pathId)! } : {}),
            }
          : undefined;
      if (!groupId || !source) return [];
      // Keys the editor does not use (a legacy `from.groupId`, anything newer) are kept as they were.
      return [
        {
          ...edge,
          id: text(edge.id) ?? newId(),
          from: { ...from, ...source } as EdgeSource,
          to: { ...to, groupId, ...(text(to.blockId) ? { blockId: text(to.blockId)! } : {}) },
        },
      ];
    }),
    variables: objects(definition.variables).flatMap((variable) =>
      text(variable.id) && text(variable.name) !== undefined
        ? [{ ...variable, id: text(variable.id)!, name: text(variable.name)! }]
        : [],
    ),
  };
}

/** The part of updateBot's input the flow editor owns. */
export function flowContent(draft: Draft): Json {
  return { groups: draft.groups, events: draft.events, edges: draft.edges, variables: draft.variables };
}
