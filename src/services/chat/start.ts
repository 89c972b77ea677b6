import { allowedOriginsOf } from '../../engine/chat';
import type { BotRef } from '../../engine/session';
import type { RuntimeBot } from '../../engine/definition/runtime-bot';
import type { TextFormat } from '../../engine/wire';
import { badRequest } from '../../errors';
import { loadSnapshot } from './bot-loader';
import { assertAnswerSize, assertVariablesSize } from './bounds';
import { parseMessage, parsePrefilledVariables } from './chat-input';
import { hasDedicatedReply } from './commit';
import type { ChatDeps } from './deps';
import { newId } from './engine-env';
import { assertOriginAllowed, surfaceOf, type RequestOrigin } from './origin-policy';
import { rememberedResult, type RestoredResult } from './records';
import { botObject, partsOf, type StartResponse } from './response';
import { guarded, measured, runStart } from './turn';
import { storedStart, type TurnOptions } from './turn-receipts';

export interface StartChatInput {
  publicId: string;
  message?: unknown;
  isStreamEnabled?: boolean | null;
  isOnlyRegistering?: boolean | null;
  prefilledVariables?: unknown;
  resultId?: string | null;
  textBubbleContentFormat?: TextFormat | null;
  /** Set by a messaging channel, never by an API client: the channel's name (SessionState.channel). */
  channel?: string;
}

function settingsGeneral(bot: RuntimeBot): Record<string, unknown> {
  return (bot.settings.general as Record<string, unknown> | undefined) ?? {};
}

/** remember-user: explicit flag, else the inverse of the legacy isNewResultOnRefreshEnabled. */
function remembersUser(bot: RuntimeBot): boolean {
  const general = settingsGeneral(bot);
  const remember = general.rememberUser as { isEnabled?: boolean } | undefined;
  if (typeof remember?.isEnabled === 'boolean') return remember.isEnabled;
  return typeof general.isNewResultOnRefreshEnabled === 'boolean' ? !general.isNewResultOnRefreshEnabled : false;
}

/** The closed bot's own message, else the default. */
function closedMessage(bot: RuntimeBot): string {
  const custom = (settingsGeneral(bot).systemMessages as { botClosed?: string } | undefined)?.botClosed;
  return custom || 'This bot is now closed';
}

/** Starts a live chat with a published bot. */
export async function startChat(
  deps: ChatDeps,
  input: StartChatInput,
  origin: RequestOrigin,
  options: TurnOptions = {},
): Promise<StartResponse> {
  const replayed = await storedStart(deps, options);
  if (replayed) return replayed;
  return measured('start', () => startTurn(deps, input, origin, options));
}

async function startTurn(
  deps: ChatDeps,
  input: StartChatInput,
  origin: RequestOrigin,
  options: TurnOptions,
): Promise<StartResponse> {
  const message = parseMessage(input.message);
  const prefilledVariables = parsePrefilledVariables(input.prefilledVariables);
  assertAnswerSize(deps.bounds, message);
  assertVariablesSize(deps.bounds, prefilledVariables);
  const row = await deps.store.findBotByPublicId(input.publicId);
  if (!row || row.isArchived || row.publishedRevision === null) throw badRequest('Bot not found');
  if (row.workspace.isSuspended || row.workspace.isQuarantined) throw badRequest('This bot is now closed');
  // A workspace at its chats limit starts no new conversations; those under way go on to their end.
  if (!(await deps.quota.allowsNewChat(row.workspaceId, row.workspace))) throw badRequest('This bot is now closed');
  const bot = await loadSnapshot(deps.store, row.id, row.publishedRevision);
  if (!bot) throw badRequest('Bot not found');
  if (row.isClosed) throw badRequest(closedMessage(bot));
  // Checked before anything runs (the reference checks after its first walk).
  assertOriginAllowed(allowedOriginsOf(bot), origin);

  let resultId = newId();
  let restored: RestoredResult | undefined;
  if (input.resultId && remembersUser(bot)) {
    restored = (await rememberedResult(deps.db, row.id, input.resultId)) ?? undefined;
    if (restored) resultId = input.resultId;
  }
  const ref: BotRef = { kind: 'snapshot', botId: row.id, revision: row.publishedRevision };
  const sessionId = newId();
  const isOnlyRegistering = input.isOnlyRegistering === true;
  return guarded(() =>
    runStart(
      deps,
      {
        bot,
        botRef: ref,
        workspaceId: row.workspaceId,
        isPreview: false,
        resultId,
        restored,
        prefilledVariables,
        message,
        isOnlyRegistering,
        isStreamEnabled: input.isStreamEnabled === true,
        ...(input.channel ? { channel: input.channel } : {}),
        textFormat: input.textBubbleContentFormat ?? 'richText',
      },
      // A registered-only session creates its result on its first real turn.
      {
        sessionId,
        botId: row.id,
        surface: () => surfaceOf(origin),
        createResult: !restored && !isOnlyRegistering ? { id: resultId, botId: row.id } : undefined,
      },
      async ({ turn, themeVariables, library }) => {
        const showsResult = !isOnlyRegistering && (turn.output.input !== undefined || hasDedicatedReply(turn));
        return {
          sessionId,
          ...(showsResult ? { resultId } : {}),
          // A registering client learns publishedAt from its first real turn's start, not here (reference).
          bot: botObject(
            bot,
            themeVariables,
            turn.state,
            isOnlyRegistering ? undefined : (row.publishedAt ?? undefined),
          ),
          ...(await partsOf(deps, turn, library, true)),
        };
      },
      options,
    ),
  );
}
