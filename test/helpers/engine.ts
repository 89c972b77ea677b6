import type { BlockContext } from '../../src/engine/blocks/handler';
import { createBlockContext } from '../../src/engine/walker/context';
import { newTurn, type Turn } from '../../src/engine/walker/turn';
import { createSandbox, type Sandbox } from '../../src/sandbox/quickjs';
import type { CodeRunner } from '../../src/engine/contracts';
import type { EngineEnv } from '../../src/engine/env';
import type { GroupDefinition } from '../../src/engine/definition/schema';
import type { RuntimeBot } from '../../src/engine/definition/runtime-bot';
import type { RuntimeVariable, SessionState } from '../../src/engine/session';
import type { TextFormat } from '../../src/engine/wire';

/** Code runner for tests that must not run code: it refuses, so a test that does reach it fails loudly. */
export const noCode: CodeRunner = {
  run: async () => ({ ok: false, error: 'this test provides no sandbox' }),
};

let sandbox: Sandbox | undefined;

/**
 * Loads the real QuickJS sandbox (once per test file; creating it is async):
 * `beforeAll(loadTestSandbox)`. From then on testEnv() runs code in it.
 */
export async function loadTestSandbox(): Promise<Sandbox> {
  sandbox ??= await createSandbox();
  return sandbox;
}

/** The in-thread sandbox seen as the engine's asynchronous runner. */
export function asRunner(sandbox: Sandbox): CodeRunner {
  return { run: async (request) => sandbox.run(request) };
}

/**
 * The default runner of testEnv(): the real sandbox once loaded (on this
 * thread: engine unit tests need QuickJS, not the worker pool), a refusal before.
 */
const testSandbox: CodeRunner = {
  run: async (request) =>
    sandbox
      ? sandbox.run(request)
      : { ok: false, error: 'this test did not load the sandbox: beforeAll(loadTestSandbox)' },
};

export function testEnv(overrides: Partial<EngineEnv> = {}): EngineEnv {
  let ids = 0;
  return {
    now: () => new Date('2026-01-15T10:00:00.000Z'),
    random: () => 0.5,
    newId: () => `id${++ids}`,
    code: testSandbox,
    limits: { maxBlocksPerTurn: 1000, turnBudgetMs: 10_000 },
    elapsedMs: () => 0,
    ...overrides,
  };
}

export interface TestContextInput {
  variables?: RuntimeVariable[];
  bot?: Partial<RuntimeBot>;
  group?: GroupDefinition;
  env?: Partial<EngineEnv>;
  textFormat?: TextFormat;
  isPreview?: boolean;
}

/** A real BlockContext over a one-bot session, for block unit tests. */
export function testContext(input: TestContextInput = {}): { ctx: BlockContext; turn: Turn; state: SessionState } {
  const group: GroupDefinition = input.group ?? { id: 'g1', title: 'Group #1', blocks: [] };
  const bot: RuntimeBot = {
    id: 'bot1',
    version: '6.1',
    groups: [group],
    edges: [],
    events: [{ id: 'start', type: 'start' }],
    variables: input.variables ?? [],
    theme: {},
    settings: {},
    ...input.bot,
  };
  const state: SessionState = {
    formatVersion: 2,
    workspaceId: 'ws1',
    isPreview: input.isPreview ?? false,
    queue: [
      {
        bot: { kind: 'snapshot', botId: bot.id, revision: 1 },
        variables: structuredClone(input.variables ?? bot.variables),
        virtualEdges: [],
        resultId: input.isPreview ? undefined : 'result1',
        answers: [],
        queuedEdgeIds: [],
        isMergingWithParent: false,
      },
    ],
    isStreamEnabled: false,
    visitedEdgeCount: 0,
  };
  const turn = newTurn();
  const ctx = createBlockContext({
    env: testEnv(input.env),
    state,
    bot,
    group,
    blockIndex: 0,
    textFormat: input.textFormat ?? 'richText',
    turn,
  });
  return { ctx, turn, state };
}
