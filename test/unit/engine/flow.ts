// Small bot builders for the walker and chat tests (no database, no HTTP).
import { startChat, type StartInput } from '../../../src/engine/chat';
import type { BotResolver } from '../../../src/engine/walker/run';
import type {
  BlockDefinition,
  EdgeDefinition,
  EventDefinition,
  GroupDefinition,
} from '../../../src/engine/definition/schema';
import type { BotRef, RuntimeVariable } from '../../../src/engine/session';
import type { EngineEnv } from '../../../src/engine/env';
import type { RuntimeBot } from '../../../src/engine/definition/runtime-bot';
import { testEnv } from '../../helpers/engine';

export const text = (id: string, words: string): BlockDefinition =>
  ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } }) as BlockDefinition;

export const block = (id: string, type: string, extra: Record<string, unknown> = {}): BlockDefinition =>
  ({ id, type, ...extra }) as BlockDefinition;

export const group = (id: string, blocks: BlockDefinition[], title = id): GroupDefinition =>
  ({ id, title, blocks }) as GroupDefinition;

export const edge = (
  id: string,
  to: string,
  toBlock?: string,
  from: EdgeDefinition['from'] = { blockId: 'x' },
): EdgeDefinition => ({ id, from, to: { groupId: to, ...(toBlock ? { blockId: toBlock } : {}) } }) as EdgeDefinition;

/** A bot whose start event goes to its first group (edge "eStart"). */
export function bot(
  id: string,
  groups: GroupDefinition[],
  input: {
    edges?: EdgeDefinition[];
    variables?: RuntimeVariable[];
    events?: EventDefinition[];
    version?: RuntimeBot['version'];
    settings?: Record<string, unknown>;
  } = {},
): RuntimeBot {
  return {
    id,
    version: input.version ?? '6.1',
    groups,
    edges: [edge('eStart', groups[0]!.id, undefined, { eventId: 'start' }), ...(input.edges ?? [])],
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'eStart' } as EventDefinition, ...(input.events ?? [])],
    variables: input.variables ?? [],
    theme: {},
    settings: input.settings ?? {},
  };
}

export const refOf = (runtime: RuntimeBot): BotRef => ({ kind: 'snapshot', botId: runtime.id, revision: 1 });

export function resolverOf(...bots: RuntimeBot[]): BotResolver {
  return (ref) => {
    const found = bots.find((candidate) => candidate.id === ref.botId);
    if (!found) throw new Error(`test resolver: no bot ${ref.botId}`);
    return found;
  };
}

/** Starts a live chat (result "r1") on `main`; the other bots are resolvable (links). */
export async function start(
  main: RuntimeBot,
  others: RuntimeBot[] = [],
  input: Partial<StartInput> = {},
  env: EngineEnv = testEnv(),
) {
  const resolver = resolverOf(main, ...others);
  const result = await startChat(
    {
      bot: main,
      botRef: refOf(main),
      workspaceId: 'ws',
      isPreview: false,
      resultId: 'r1',
      textFormat: 'richText',
      ...input,
    },
    env,
    resolver,
  );
  return { result, resolver, env };
}

/** The plain text of a richText message built by `text()`. */
export function wordsOf(message: { content: unknown }): string {
  const content = message.content as { richText?: { children: { text: string }[] }[]; markdown?: string };
  if (content.markdown !== undefined) return content.markdown;
  return (content.richText ?? []).map((paragraph) => paragraph.children.map((child) => child.text).join('')).join('\n');
}
