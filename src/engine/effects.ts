import type { AiChatRequest, AiUsage } from './contracts/ai';
import type { EmailSpec, SendEmailOutcome } from './contracts/email';
import type { HttpRequestSpec, HttpResponseData } from './contracts/http-request';
import type { RuntimeBot } from './definition/runtime-bot';
import type { BotRef } from './session/queue';
import type { TranscriptTurn } from './session/transcript';

/**
 * Work the engine cannot do itself (I/O): the walk stops, the service performs
 * it asynchronously (its own timeout, the session claim kept alive, the turn's
 * block budget not running meanwhile) and resumes the turn with the outcome,
 * as many times as a turn needs. Integration blocks add their kinds here.
 */
export type Effect = EffectTiming &
  (
    | { type: 'loadBot'; botId: string }
    | { type: 'httpRequest'; request: HttpRequestSpec }
    | { type: 'sendEmail'; email: EmailSpec }
    | { type: 'aiChat'; request: AiChatRequest }
    /** A QR code image of this text (the service renders it and answers its URL). */
    | { type: 'qrCode'; data: string }
    /** The first `lines` lines of the session's transcript, written out by earlier turns (see TranscriptRecord). */
    | { type: 'loadTranscript'; lines: number }
  );

export interface EffectTiming {
  /** How long the block lets this effect take (ms); the runner's default when absent, capped by its maximum. */
  timeoutMs?: number;
}

export type EffectResult =
  | { type: 'loadBot'; bot: RuntimeBot | null; ref: BotRef | null }
  /** `refusal`: the outbound guard's reason when the request was not sent. */
  | ({ type: 'httpRequest'; refusal?: string } & HttpResponseData)
  | { type: 'sendEmail'; outcome: SendEmailOutcome; message?: string }
  | { type: 'aiChat'; outcome: 'ok'; text: string; usage: AiUsage; responseId?: string }
  | { type: 'aiChat'; outcome: 'no-credentials' }
  /** The credentials exist but were not used (a preview that may not, a base URL they do not name): `message` says why. */
  | { type: 'aiChat'; outcome: 'withheld'; message: string }
  | { type: 'qrCode'; url: string }
  | { type: 'loadTranscript'; lines: TranscriptTurn[] }
  /** The provider refused or failed (`status`: its HTTP status when it answered). */
  | { type: 'aiChat'; outcome: 'error'; status?: number; message: string; details?: string }
  /** The effect did not complete: it timed out, its performer failed, or it was not sent (a bound was reached). */
  | { type: 'failed'; effect: Effect['type']; reason: 'timeout' | 'error' | 'limit'; message: string };
