// The two background loops of the messaging channels, as a server runs them:
// the processor (inbox → chat turns → outbox) and the sender (outbox →
// providers), the sender woken by each turn that stored deliveries.
import type { ProviderClient } from '../../integrations/messaging/provider-client';
import type { Logger } from '../../observability/logger';
import type { ChatDeps } from '../chat/deps';
import type { UploadDeps } from '../uploads';
import { cachedChannelLoader, type ProviderApiUrls } from './channel-credentials';
import { createProcessor, type ProcessorOptions } from './processor';
import { createSender, type SenderOptions } from './sender';
import { schedulePruning } from './housekeeping';

export interface ChannelWorkersDeps {
  chat: ChatDeps;
  uploads: UploadDeps;
  provider: ProviderClient;
  apiUrls: ProviderApiUrls;
  waitCapMs: number;
  /** How long handled events and deliveries are kept (see housekeeping.ts). */
  retentionMs: number;
  logger: Logger;
}

export interface ChannelWorkers {
  /** The webhook's wake-up: events were just stored. */
  onReceived(): void;
  /** `fileBaseUrl`: the chat origin, known once the server listens (received files are linked on it). */
  start(fileBaseUrl: string): void;
  /** Lets the event and delivery in hand finish; call before the database closes. */
  stop(): Promise<void>;
}

export function createChannelWorkers(
  deps: ChannelWorkersDeps,
  options: { processor?: ProcessorOptions; sender?: SenderOptions } = {},
): ChannelWorkers {
  let fileBaseUrl = '';
  let stopPruning = () => {};
  const channels = cachedChannelLoader(deps.chat.db, deps.chat.secrets);
  const depth = () => deps.chat.store.channelQueueDepth();
  const sender = createSender(
    {
      db: deps.chat.db,
      provider: deps.provider,
      apiUrls: deps.apiUrls,
      channels,
      logger: deps.logger,
    },
    { pending: async () => (await depth()).outbox > 0, ...options.sender },
  );
  const processor = createProcessor(
    { ...deps, channels, fileBaseUrl: () => fileBaseUrl },
    {
      pending: async () => (await depth()).inbox > 0,
      ...options.processor,
      onDeliveries: () => sender.wake(),
    },
  );
  return {
    onReceived: () => processor.wake(),
    start(baseUrl) {
      fileBaseUrl = baseUrl;
      processor.start();
      sender.start();
      stopPruning = schedulePruning(deps.chat.db, deps.retentionMs, deps.logger);
    },
    async stop() {
      stopPruning();
      await processor.stop();
      await sender.stop();
    },
  };
}
