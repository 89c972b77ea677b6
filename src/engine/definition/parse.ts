import type { z } from 'zod';
import { isRecord } from '../json';
import { START_TYPE } from './block-types';
import {
  contentSchema,
  edgeSchema,
  type EdgeDefinition,
  type EventDefinition,
  type GroupDefinition,
  type VariableDefinition,
} from './schema';
import { DEFINITION_VERSIONS, isV6, type DefinitionVersion } from './versions';

/** The content of a bot definition, as stored: the version it was written in, validated. */
export interface BotDefinition {
  version: DefinitionVersion;
  groups: GroupDefinition[];
  edges: EdgeDefinition[];
  variables: VariableDefinition[];
  /** null before v6: the start is a `start` block in the first group. */
  events: EventDefinition[] | null;
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** A Typebot export's WhatsApp connection; absent when it names none. */
  whatsAppCredentialsId?: string;
}

export interface DefinitionIssue {
  message: string;
  path: (string | number)[];
}

export type ParseResult = { ok: true; definition: BotDefinition } | { ok: false; issues: DefinitionIssue[] };

export const CONTENT_KEYS = [
  'version',
  'groups',
  'edges',
  'variables',
  'events',
  'theme',
  'settings',
  'whatsAppCredentialsId',
] as const;

function toIssues(error: z.ZodError): DefinitionIssue[] {
  return error.issues.map((issue) => ({
    message: issue.message,
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
  }));
}

function readVersion(raw: unknown): DefinitionVersion | DefinitionIssue {
  if (raw === undefined || raw === null) return '3';
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text === 'string' && (DEFINITION_VERSIONS as readonly string[]).includes(text)) {
    return text as DefinitionVersion;
  }
  return {
    message: `unsupported version ${JSON.stringify(raw)}; expected one of ${DEFINITION_VERSIONS.join(', ')}`,
    path: ['version'],
  };
}

/**
 * What the reference does before parsing a legacy (< v5) export: groups
 * without blocks get an empty list, events are dropped, edges that do not
 * match the edge schema are dropped.
 */
function preprocessLegacy(raw: Record<string, unknown>): Record<string, unknown> {
  const groups = Array.isArray(raw.groups)
    ? raw.groups.map((group) => (isRecord(group) && group.blocks == null ? { ...group, blocks: [] } : group))
    : raw.groups;
  const edges = Array.isArray(raw.edges) ? raw.edges.filter((edge) => edgeSchema.safeParse(edge).success) : raw.edges;
  return { ...raw, groups, edges, events: null };
}

function startIssues(version: DefinitionVersion, content: z.infer<typeof contentSchema>): DefinitionIssue[] {
  const startBlocks: (string | number)[][] = [];
  content.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) => {
      if (block.type === START_TYPE) startBlocks.push(['groups', g, 'blocks', b, 'type']);
    }),
  );
  if (isV6(version)) {
    const issues = startBlocks.map((path) => ({
      message: 'start blocks do not exist in version 6; use a start event',
      path,
    }));
    const events = content.events ?? [];
    if (events[0]?.type !== 'start') {
      issues.push({
        message: 'the first event must be the start event',
        path: events.length ? ['events', 0, 'type'] : ['events'],
      });
    }
    events.slice(1).forEach((event, index) => {
      if (event.type === 'start')
        issues.push({ message: 'only one start event is allowed', path: ['events', index + 1, 'type'] });
    });
    return issues;
  }
  if (startBlocks.length === 0) return [{ message: 'a version 3 to 5 bot needs a start block', path: ['groups'] }];
  return startBlocks.slice(1).map((path) => ({ message: 'only one start block is allowed', path }));
}

function duplicateIdIssues(content: z.infer<typeof contentSchema>): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const check = (seen: Set<string>, value: string, path: (string | number)[], what: string) => {
    if (seen.has(value)) issues.push({ message: `duplicate ${what} id ${JSON.stringify(value)}`, path });
    seen.add(value);
  };
  const groupIds = new Set<string>();
  const blockIds = new Set<string>();
  content.groups.forEach((group, g) => {
    check(groupIds, group.id, ['groups', g, 'id'], 'group');
    group.blocks.forEach((block, b) => check(blockIds, block.id, ['groups', g, 'blocks', b, 'id'], 'block'));
  });
  const edgeIds = new Set<string>();
  content.edges.forEach((edge, e) => check(edgeIds, edge.id, ['edges', e, 'id'], 'edge'));
  const variableIds = new Set<string>();
  content.variables.forEach((variable, v) => check(variableIds, variable.id, ['variables', v, 'id'], 'variable'));
  const eventIds = new Set<string>();
  (content.events ?? []).forEach((event, e) => check(eventIds, event.id, ['events', e, 'id'], 'event'));
  return issues;
}

/**
 * Validates the content of a bot definition of any supported version and
 * returns it normalised (defaults for absent lists, legacy preprocessing), in
 * its own version. Issue paths are relative to the definition object.
 */
export function parseDefinition(raw: unknown): ParseResult {
  if (!isRecord(raw)) return { ok: false, issues: [{ message: 'must be an object', path: [] }] };
  const version = readVersion(raw.version);
  if (typeof version !== 'string') return { ok: false, issues: [version] };
  const input = isV6(version) ? raw : Number(version) < 5 ? preprocessLegacy(raw) : { ...raw, events: null };
  const parsed = contentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: toIssues(parsed.error) };
  const content = parsed.data;
  const issues = [...startIssues(version, content), ...duplicateIdIssues(content)];
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    definition: {
      version,
      groups: content.groups,
      edges: content.edges,
      variables: content.variables,
      events: isV6(version) ? (content.events ?? []) : null,
      theme: content.theme ?? {},
      settings: content.settings ?? {},
      // Absent rather than null, so definitions stored before the key existed compare equal to new ones.
      ...(content.whatsAppCredentialsId ? { whatsAppCredentialsId: content.whatsAppCredentialsId } : {}),
    },
  };
}
