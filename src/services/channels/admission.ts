// What a connection's webhook may store: a verified update is refused whole
// (and the provider, answered 429, delivers it again later) when the
// connection's inbox already holds its cap of unprocessed messages, or when
// the connection has sent its budget of messages this minute. One tenant's
// flood then waits at the provider, not in front of everybody's messages
// (docs/channels.md#fairness). The cap is read from the database (shared by
// every process); the per-minute budget is counted in each process.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Client } from './conversation-lock';
import { pendingEventsOf } from './inbox';

export interface AdmissionLimits {
  /** Unprocessed messages a connection's inbox may hold (PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION). */
  maxPendingPerConnection: number;
  /** Messages a connection's webhook may deliver per minute, per process (PARLEY_CHANNEL_MESSAGES_PER_MINUTE). */
  messagesPerMinute: number;
}

export interface Refusal {
  /** full: the connection's inbox is at its cap; rate: its budget of the minute is spent. */
  reason: 'full' | 'rate';
  retryAfterSeconds: number;
}

export interface Admission {
  /** Whether an update of `messages` messages may be stored for the connection: undefined, or why not. */
  admit(db: Client, credentialsId: string, messages: number): Promise<Refusal | undefined>;
}

/** How long a provider is asked to wait before delivering again an update refused for a full inbox. */
const FULL_RETRY_SECONDS = 60;

export function createAdmission(limits: AdmissionLimits): Admission {
  const budget = new RateLimiterMemory({ keyPrefix: 'channel', points: limits.messagesPerMinute, duration: 60 });
  return {
    async admit(db, credentialsId, messages) {
      if (messages === 0) return undefined;
      // The cap first: it spends nothing, and an update it refuses must not eat the minute's budget.
      const pending = await pendingEventsOf(db, credentialsId);
      if (pending + messages > limits.maxPendingPerConnection)
        return { reason: 'full', retryAfterSeconds: FULL_RETRY_SECONDS };
      try {
        await budget.consume(credentialsId, messages);
        return undefined;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { reason: 'rate', retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}
