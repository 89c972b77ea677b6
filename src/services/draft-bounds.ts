import type { Config } from '../config';
import type { BotDefinition } from '../engine/definition/parse';
import { badRequest, type Issue } from '../errors';
import { sizeText } from './size-text';

// What a bot's draft may hold, whatever built it. A request's body limit
// bounds one save, not the draft it makes: a patch or a list of edits applies
// over the stored draft, so small requests could grow it without end (a 1 MB
// patch once made a 419 MB draft, and reading that bot ran the server out of
// memory). Every save is checked here, after it is applied, before it is
// written.

export interface DraftBounds {
  /** Its JSON, in bytes (PARLEY_BOT_BODY_LIMIT: what one whole save may carry). */
  maxBytes: number;
  maxGroups: number;
  maxBlocks: number;
  maxEdges: number;
  maxVariables: number;
  maxEvents: number;
}

export const DEFAULT_DRAFT_BOUNDS: DraftBounds = {
  maxBytes: 10 * 1024 * 1024,
  maxGroups: 2_000,
  maxBlocks: 10_000,
  maxEdges: 20_000,
  maxVariables: 2_000,
  maxEvents: 200,
};

/** The bounds the settings give (PARLEY_BOT_BODY_LIMIT, PARLEY_BOT_MAX_*): the server's and the import's. */
export function configuredDraftBounds(config: Pick<Config, 'server' | 'drafts'>): DraftBounds {
  return {
    maxBytes: config.server.botBodyLimit,
    maxGroups: config.drafts.maxGroups,
    maxBlocks: config.drafts.maxBlocks,
    maxEdges: config.drafts.maxEdges,
    maxVariables: config.drafts.maxVariables,
    maxEvents: config.drafts.maxEvents,
  };
}

interface Measure {
  count(definition: BotDefinition): number;
  limit(bounds: DraftBounds): number;
  path: string;
  what: string;
  setting: string;
}

const MEASURES: Measure[] = [
  {
    count: (definition) => definition.groups.length,
    limit: (bounds) => bounds.maxGroups,
    path: 'groups',
    what: 'groups',
    setting: 'PARLEY_BOT_MAX_GROUPS',
  },
  {
    count: (definition) => definition.groups.reduce((sum, group) => sum + group.blocks.length, 0),
    limit: (bounds) => bounds.maxBlocks,
    path: 'groups',
    what: 'blocks',
    setting: 'PARLEY_BOT_MAX_BLOCKS',
  },
  {
    count: (definition) => definition.edges.length,
    limit: (bounds) => bounds.maxEdges,
    path: 'edges',
    what: 'connections',
    setting: 'PARLEY_BOT_MAX_EDGES',
  },
  {
    count: (definition) => definition.variables.length,
    limit: (bounds) => bounds.maxVariables,
    path: 'variables',
    what: 'variables',
    setting: 'PARLEY_BOT_MAX_VARIABLES',
  },
  {
    count: (definition) => definition.events?.length ?? 0,
    limit: (bounds) => bounds.maxEvents,
    path: 'events',
    what: 'events',
    setting: 'PARLEY_BOT_MAX_EVENTS',
  },
];

export const DRAFT_TOO_LARGE = 'This bot would be too large';

/**
 * Refuses a draft past a bound, unless the one it replaces was already past it
 * and this save does not grow it: a bound lowered by the operator must not
 * make a bot unsavable, only keep it from growing. `bytes`: the stored JSON's
 * sizes (the draft's size column), so nothing is serialised twice.
 */
export function assertDraftBounds(
  next: BotDefinition,
  stored: BotDefinition | null,
  bytes: { next: number; stored: number | null },
  bounds: DraftBounds,
): void {
  const issues: Issue[] = [];
  for (const measure of MEASURES) {
    const count = measure.count(next);
    const limit = measure.limit(bounds);
    if (count > limit && (!stored || count > measure.count(stored)))
      issues.push({
        message: `${count} ${measure.what}: a bot may have at most ${limit} (${measure.setting})`,
        path: ['bot', measure.path],
      });
  }
  // Counted after the objects: a draft with 100,000 blocks is named for them, not only for its weight.
  if (issues.length === 0 && bytes.next > bounds.maxBytes && (bytes.stored === null || bytes.next > bytes.stored))
    issues.push({
      message: `${sizeText(bytes.next)}: a bot's definition may weigh at most ${sizeText(bounds.maxBytes)} (PARLEY_BOT_BODY_LIMIT)`,
      path: ['bot'],
    });
  if (issues.length > 0) throw badRequest(DRAFT_TOO_LARGE, issues);
}
