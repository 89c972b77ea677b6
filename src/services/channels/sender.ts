// The sender: takes the outbox's due deliveries (a conversation's in order,
// as one run: the outbox's claim sees to it) and sends each to its provider. A delivery
// that fails is retried with a growing delay (the provider's Retry-After when
// longer), one the provider refuses for good is given up, and its error goes
// to the logs of the result whose turn produced it.
import type { Db } from '../../db/client';
import type { Logger } from '../../observability/logger';
import type { ProviderClient } from '../../integrations/messaging/provider-client';
import type { ProviderFailure } from '../../integrations/messaging/outcome';
import type { ChannelLoader, ProviderApiUrls } from './channel-credentials';
import {
  claimNextRun,
  markFailed,
  markSent,
  recordFailedAttempt,
  releaseDeliveries,
  type ClaimedDelivery,
} from './outbox';
import { oneAtATime } from './one-at-a-time';
import { workLoop, type WorkLoop } from './work-loop';
import { recordChannelDelivery } from '../../observability/channel-metrics';

export interface SenderDeps {
  db: Db;
  provider: ProviderClient;
  apiUrls: ProviderApiUrls;
  channels: ChannelLoader;
  logger: Logger;
}

export interface SenderOptions {
  /** How often the outbox is looked at without a wake-up (retries come due, other processes' turns). */
  pollMs?: number;
  /** Whether the outbox has work, asked cheaply before each poll claims (see work-loop.ts). */
  pending?: () => Promise<boolean>;
  /** Deliveries sent at once (of different conversations). */
  concurrency?: number;
  /** How long a claim holds a delivery: longer than a provider call may take (10 s). */
  leaseMs?: number;
}

const DEFAULTS = { pollMs: 1000, concurrency: 8, leaseMs: 30_000 };

/** A stored request that does not read as one is never sent: given up as a refusal would be. */
const UNREADABLE: ProviderFailure = { ok: false, retryable: false, error: 'The stored request cannot be read' };

/** The failure in the result's logs, where the bot's author sees it. */
async function logOnResult(deps: SenderDeps, delivery: ClaimedDelivery, error: string): Promise<void> {
  if (!delivery.resultId) return;
  try {
    await deps.db.log.create({
      data: {
        resultId: delivery.resultId,
        status: 'error',
        description: 'A message could not be delivered to the messaging channel',
        details: error,
      },
    });
  } catch (failure) {
    // The result may have been deleted meanwhile: the delivery's own error remains.
    deps.logger.warn({ err: failure, channelDeliveryId: delivery.id }, 'delivery failure not logged on its result');
  }
}

/**
 * Sends a claimed run (one conversation's due deliveries, in order) one after
 * another and records what became of each. A failed attempt ends the run: its
 * rest is given back, behind the retry.
 */
export async function sendRun(deps: SenderDeps, run: readonly ClaimedDelivery[]): Promise<void> {
  const first = run[0];
  if (!first) return;
  const channel = await deps.channels(first.credentialsId);
  if (!channel) {
    const error = 'The channel credentials are missing or can no longer be decrypted';
    for (const delivery of run) {
      await markFailed(deps.db, delivery.id, { error, attempts: delivery.attempts + 1 });
      await logOnResult(deps, delivery, error);
    }
    return;
  }
  const account = channel.account(deps.apiUrls);
  for (const [index, delivery] of run.entries()) {
    const outcome = delivery.request ? await deps.provider.send(account, delivery.request) : UNREADABLE;
    if (outcome.ok) {
      await markSent(deps.db, delivery.id);
      recordChannelDelivery(channel.kind, 'sent', (Date.now() - delivery.createdAt.getTime()) / 1000);
      continue;
    }
    const status = await recordFailedAttempt(deps.db, delivery, {
      error: outcome.error,
      permanent: !outcome.retryable,
      retryAfterMs: outcome.retryAfterMs,
    });
    recordChannelDelivery(channel.kind, status === 'failed' ? 'failed' : 'retried');
    deps.logger.warn({ channelDeliveryId: delivery.id, error: outcome.error, status }, 'channel delivery failed');
    if (status === 'failed') await logOnResult(deps, delivery, outcome.error);
    await releaseDeliveries(
      deps.db,
      run.slice(index + 1).map((rest) => rest.id),
    );
    return;
  }
}

export function createSender(deps: SenderDeps, options: SenderOptions = {}): WorkLoop {
  const { pollMs, concurrency, leaseMs } = { ...DEFAULTS, ...options };
  const claim = oneAtATime(() => claimNextRun(deps.db, { leaseMs }));
  return workLoop({
    pollMs,
    pending: options.pending,
    concurrency,
    onError: (error) => deps.logger.error({ err: error }, 'channel sender failed'),
    async step() {
      const run = await claim();
      if (run.length === 0) return false;
      await sendRun(deps, run);
      return true;
    },
  });
}
