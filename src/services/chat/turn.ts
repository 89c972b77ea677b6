import { isAnonymousPreview } from '../../engine/blocks/integrations/anonymous-preview';
import { startChat as engineStart, type StartInput } from '../../engine/chat';
import { EngineRequestError } from '../../engine/errors';
import type { CodeRunner } from '../../engine/contracts';
import type { RuntimeVariable } from '../../engine/session';
import type { TurnResult } from '../../engine/turn-result';
import { badRequest } from '../../errors';
import { recordChatTurn, type TurnKind } from '../../observability/metrics';
import { BotLibrary } from './bot-loader';
import type { CommitPlan } from './commit';
import type { ChatDeps } from './deps';
import { settle } from './effect-loop';
import { engineEnv, type TurnEnv } from './engine-env';
import { TurnOutbound } from './outbound-budget';
import { receiptOf, type TurnOptions } from './turn-receipts';
import { writeTurn } from './write-turn';

// What every chat turn goes through, whichever use case runs it: its metrics,
// its error mapping, the code lane it runs in; and the start both a live chat
// and a preview make.

/** Counts a chat turn and its duration in the metrics, whatever it answers. */
export async function measured<T>(kind: TurnKind, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    const answer = await run();
    recordChatTurn(kind, 'ok', (performance.now() - began) / 1000);
    return answer;
  } catch (error) {
    recordChatTurn(kind, 'error', (performance.now() - began) / 1000);
    throw error;
  }
}

/** Engine refusals are 400s with the engine's message; other errors stay internal. */
export async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EngineRequestError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The sandbox lane a session's code runs in: anonymous previews' in the
 * untrusted lane, members' previews' in a lane of their own, published bots'
 * in the main one, which previews never make wait.
 */
function codeLaneFor(deps: ChatDeps, session: { isPreview: boolean; workspaceId: string }): CodeRunner {
  if (isAnonymousPreview(session)) return deps.untrustedCode;
  return session.isPreview ? deps.previewCode : deps.code;
}

/** Code whose `fetch` is counted against the turn's (and its workspace's) outbound requests. */
function budgetedCode(lane: CodeRunner, outbound: TurnOutbound): CodeRunner {
  return {
    async run(request) {
      if (!request.allowFetch) return lane.run(request);
      const result = await lane.run({ ...request, fetchLimit: await outbound.forCode() });
      if (result.fetches) await outbound.spentByCode(result.fetches);
      return result;
    },
  };
}

/** One turn's environment: its code lane and its share of outbound requests. */
export function turnEnv(
  deps: ChatDeps,
  session: { isPreview: boolean; workspaceId: string },
): TurnEnv & { outbound: TurnOutbound } {
  const outbound = new TurnOutbound(deps.outbound, session.workspaceId);
  return { ...engineEnv(budgetedCode(codeLaneFor(deps, session), outbound), deps.limits), outbound };
}

export interface StartedTurn {
  turn: TurnResult;
  themeVariables: RuntimeVariable[];
  library: BotLibrary;
}

/**
 * Runs a start (live or preview) and commits it as a new session, with the
 * answer `respond` builds from it (built before the commit: a receipt commits
 * it with the turn). The theme is rendered with the variables before the walk,
 * the settings after it (as the reference does).
 */
export async function runStart<R>(
  deps: ChatDeps,
  input: StartInput,
  plan: Omit<CommitPlan, 'session' | 'expiresAt' | 'receipt'>,
  respond: (started: StartedTurn) => Promise<R>,
  options: TurnOptions = {},
): Promise<R> {
  const library = new BotLibrary();
  library.add(input.botRef, input.bot);
  const env = turnEnv(deps, input);
  const started = await engineStart(input, env, library.resolve);
  const themeVariables = started.initialVariables;
  const turn = await settle(deps, library, started, input.textFormat, env);
  const response = await respond({ turn, themeVariables, library });
  await writeTurn(deps, turn, {
    ...plan,
    session: { mode: 'create' },
    expiresAt: new Date(Date.now() + deps.sessionTtlMs),
    receipt: receiptOf(options, response),
  });
  return response;
}
