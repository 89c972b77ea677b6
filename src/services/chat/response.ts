import { responseParts, type ResponseParts } from '../../engine/response';
import { substituteSettings, substituteTheme } from '../../engine/theme';
import type { RuntimeBot } from '../../engine/definition/runtime-bot';
import type { SessionState } from '../../engine/session';
import type { TurnResult } from '../../engine/turn-result';
import { loadLinkedBots, type BotLibrary } from './bot-loader';
import type { ChatDeps } from './deps';

// The wire shapes of a turn, for the API layers that expose them.

export type { ResponseParts };
export type { ChatLog, ChatMessage } from '../../engine/wire';

export interface ChatBotObject {
  id: string;
  version: string;
  theme: unknown;
  settings: unknown;
  publishedAt?: Date;
}

export interface StartResponse extends ResponseParts {
  sessionId: string;
  resultId?: string;
  bot: ChatBotObject;
}

export function botObject(
  bot: RuntimeBot,
  themeVariables: SessionState['queue'][number]['variables'],
  state: SessionState,
  publishedAt?: Date,
): ChatBotObject {
  return {
    id: bot.id,
    version: bot.version,
    theme: substituteTheme(bot.theme, themeVariables),
    settings: substituteSettings(bot.settings, state.queue[0]!.variables),
    ...(publishedAt ? { publishedAt } : {}),
  };
}

export async function partsOf(
  deps: ChatDeps,
  turn: TurnResult,
  library: BotLibrary,
  isStart: boolean,
): Promise<ResponseParts> {
  const { state, output } = turn;
  const bots = state.queue.map((entry) => library.resolve(entry.bot));
  // Progress counts the flows of linked bots: they are loaded only when a progress value is computed (an input awaits).
  const measuresProgress = Boolean(state.progress && output.input && state.currentBlockId);
  const linked = measuresProgress ? await loadLinkedBots(deps.db, bots, state.workspaceId, state.isPreview) : undefined;
  return responseParts(turn, { isStart, bots, linkedBot: (botId) => linked?.get(botId) });
}
