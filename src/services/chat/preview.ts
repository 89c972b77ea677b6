import type { StartFrom } from '../../engine/chat';
import { parseDefinition, type BotDefinition } from '../../engine/definition/parse';
import { toRuntimeBot } from '../../engine/definition/runtime';
import type { BotRef } from '../../engine/session';
import type { TextFormat } from '../../engine/wire';
import { badRequest, invalidInput } from '../../errors';
import { assertAnonymousPreviewSize, assertAnswerSize, assertVariablesSize, type SessionBounds } from './bounds';
import { parseMessage, parsePrefilledVariables, parseStartFrom } from './chat-input';
import type { ChatDeps } from './deps';
import { newId } from './engine-env';
import { storedDraft } from './records';
import { botObject, partsOf, type StartResponse } from './response';
import { previewCredentials } from './preview-credentials';
import { guarded, measured, runStart } from './turn';
import type { WorkspaceRole } from '../access';

export interface PreviewInput {
  botId: string;
  /**
   * The workspace of the stored bot when the caller is one of its members
   * (decided by the schema), else null: only members read the stored draft
   * and reach the workspace's credentials.
   */
  memberWorkspaceId: string | null;
  /** The caller's role in that workspace (null with it). */
  memberRole: WorkspaceRole | null;
  bot?: unknown;
  message?: unknown;
  startFrom?: unknown;
  prefilledVariables?: unknown;
  isOnlyRegistering?: boolean | null;
  isStreamEnabled?: boolean | null;
  textBubbleContentFormat?: TextFormat | null;
}

/**
 * Preview: runs the body's definition, else the stored draft (members only).
 * Never creates results or usage; only an editor's preview of the stored
 * draft reaches the workspace's stored credentials (preview-credentials.ts).
 */
export function startPreviewChat(deps: ChatDeps, input: PreviewInput): Promise<StartResponse> {
  return measured('preview', () => previewTurn(deps, input));
}

/** The definition to preview: the body's (an anonymous caller's within its bound), else the member's stored draft. */
/** Whether the preview runs a definition sent with the request (rather than the stored draft). */
const sentDefinition = (input: PreviewInput) => input.bot !== undefined && input.bot !== null;

async function previewDefinition(deps: ChatDeps, input: PreviewInput, bounds: SessionBounds): Promise<BotDefinition> {
  const workspaceId = input.memberWorkspaceId;
  if (sentDefinition(input)) {
    if (!workspaceId) assertAnonymousPreviewSize(bounds, input.bot);
    const parsed = parseDefinition(input.bot);
    if (!parsed.ok) throw invalidInput(parsed.issues.map((issue) => ({ ...issue, path: ['bot', ...issue.path] })));
    return parsed.definition;
  }
  const stored = workspaceId ? await storedDraft(deps.db, input.botId, workspaceId) : null;
  if (!stored) throw badRequest('Bot not found');
  return stored;
}

async function previewTurn(deps: ChatDeps, input: PreviewInput): Promise<StartResponse> {
  const message = parseMessage(input.message);
  const startFrom: StartFrom | undefined = parseStartFrom(input.startFrom);
  const prefilledVariables = parsePrefilledVariables(input.prefilledVariables);
  assertAnswerSize(deps.bounds, message);
  assertVariablesSize(deps.bounds, prefilledVariables);
  const definition = await previewDefinition(deps, input, deps.bounds);
  const botId = input.botId;
  const bot = toRuntimeBot(botId, definition);
  const ref: BotRef = { kind: 'inline', botId, definition };
  const sessionId = newId();
  return guarded(() =>
    runStart(
      deps,
      {
        bot,
        botRef: ref,
        workspaceId: input.memberWorkspaceId ?? '',
        isPreview: true,
        previewCredentials: previewCredentials({ sentDefinition: sentDefinition(input), role: input.memberRole }),
        prefilledVariables,
        message,
        startFrom,
        isOnlyRegistering: input.isOnlyRegistering === true,
        isStreamEnabled: input.isStreamEnabled === true,
        textFormat: input.textBubbleContentFormat ?? 'richText',
      },
      { sessionId, botId },
      async ({ turn, themeVariables, library }) => ({
        sessionId,
        bot: botObject(bot, themeVariables, turn.state),
        ...(await partsOf(deps, turn, library, true)),
      }),
    ),
  );
}
