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

export interface ChannelWorkersDeps {
  chat: ChatDeps;
  uploads: UploadDeps;
  provider: ProviderClient;
  apiUrls: ProviderApiUrls;
  waitCapMs: number;
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
  const channels = cachedChannelLoader(deps.chat.db, deps.chat.secrets);
  const sender = createSender(
    {
      db: deps.chat.db,
      provider: deps.provider,
      apiUrls: deps.apiUrls,
      channels,
      logger: deps.logger,
    },
    options.sender,
  );
  const processor = createProcessor(
    { ...deps, channels, fileBaseUrl: () => fileBaseUrl },
    { ...options.processor, onDeliveries: () => sender.wake() },
  );
  return {
    onReceived: () => processor.wake(),
    start(baseUrl) {
      fileBaseUrl = baseUrl;
      processor.start();
      sender.start();
    },
    async stop() {
      await processor.stop();
      await sender.stop();
    },
  };
}
