import type { ReplyMessage } from '../../engine/wire';
import { badRequest } from '../../errors';

// How much one public session may make Parley store: the visitor's answers,
// the client logs it posts, the variables it brings, the session itself.
// Checked before a turn changes anything, so a refusal loses nothing.

export interface SessionBounds {
  /** PARLEY_MAX_ANSWER_BYTES: one reply's text (UTF-8). */
  maxAnswerBytes: number;
  /** PARLEY_MAX_CLIENT_LOGS: client logs kept per session. */
  maxClientLogs: number;
  /** PARLEY_MAX_VARIABLES_BYTES: prefilled variables a start brings (their JSON). */
  maxVariablesBytes: number;
  /** PARLEY_MAX_SESSION_BYTES: the stored session state after a turn (its JSON). */
  maxSessionBytes: number;
  /** PARLEY_ANONYMOUS_PREVIEW_BYTES: a definition an anonymous preview sends (its JSON); a member's preview has the bot body limit. */
  maxAnonymousPreviewBytes: number;
}

export const DEFAULT_SESSION_BOUNDS: SessionBounds = {
  maxAnswerBytes: 10 * 1024,
  maxClientLogs: 100,
  maxVariablesBytes: 64 * 1024,
  maxSessionBytes: 1024 * 1024,
  maxAnonymousPreviewBytes: 256 * 1024,
};

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export function assertAnswerSize(bounds: SessionBounds, message: ReplyMessage | undefined): void {
  if (!message) return;
  const text =
    message.type === 'text'
      ? message.text + (message.attachedFileUrls ?? []).join('')
      : message.type === 'audio'
        ? message.url
        : message.command;
  if (bytes(text) <= bounds.maxAnswerBytes) return;
  const why = `Answer too long: at most ${bounds.maxAnswerBytes} bytes`;
  throw badRequest(why, [{ path: ['message'], message: why }]);
}

export function assertVariablesSize(bounds: SessionBounds, prefilled: Record<string, unknown> | undefined): void {
  if (!prefilled || bytes(JSON.stringify(prefilled)) <= bounds.maxVariablesBytes) return;
  const why = `Prefilled variables too large: at most ${bounds.maxVariablesBytes} bytes`;
  throw badRequest(why, [{ path: ['prefilledVariables'], message: why }]);
}

export function assertAnonymousPreviewSize(bounds: SessionBounds, definition: unknown): void {
  if (bytes(JSON.stringify(definition)) <= bounds.maxAnonymousPreviewBytes) return;
  const why = `An anonymous preview's definition is at most ${bounds.maxAnonymousPreviewBytes} bytes: preview the stored bot with a token for larger ones`;
  throw badRequest(why, [{ path: ['bot'], message: why }]);
}

export function assertClientLogsRoom(bounds: SessionBounds, stored: number, adding: number): void {
  if (stored + adding <= bounds.maxClientLogs) return;
  throw badRequest(`Too many client logs for this session: at most ${bounds.maxClientLogs}`, [
    { path: ['clientLogs'], message: `at most ${bounds.maxClientLogs - stored} more` },
  ]);
}

/**
 * A turn whose session would outgrow the bound is not committed: the session
 * stays as it was. `stateJson` is the stored state's text; `transcriptBytes`
 * what its transcript lines stored apart weigh.
 */
export function assertSessionSize(bounds: SessionBounds, stateJson: string, transcriptBytes: number): void {
  if (bytes(stateJson) + transcriptBytes <= bounds.maxSessionBytes) return;
  throw badRequest(`This conversation has grown too large (over ${bounds.maxSessionBytes} bytes of session data)`);
}
