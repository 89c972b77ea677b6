// The services' dependencies, built once per server process from the
// configuration: the outbound client and the integrations behind it, the
// sandbox pool, the live results channel, then what each service receives
// (the GraphQL context carries them; the chat use cases get theirs with every
// default already applied, src/services/chat/deps.ts).
import cluster from 'node:cluster';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ServerDeps } from '../graphql/context';
import { createAiClient } from '../integrations/ai/client';
import { createSmtpSender } from '../integrations/email/smtp';
import { createOutboundClient } from '../integrations/http/client';
import { parseAllowList } from '../integrations/http/guard';
import { createProviderClient } from '../integrations/messaging/provider-client';
import { localDiskStore } from '../integrations/storage/local-disk';
import type { Logger } from '../observability/logger';
import { createSandboxPool, type SandboxPool } from '../sandbox/pool';
import { chatDeps } from '../services/chat/deps';
import { configuredDraftBounds } from '../services/draft-bounds';
import { createPerformers, type EffectPerformers } from '../services/chat/effects';
import { createChannelWorkers, type ChannelWorkers } from '../services/channels/workers';
import { setChannelQueueDepthSource } from '../observability/channel-metrics';
import type { SecretBox } from '../services/credentials/secret-box';
import { clusterLiveResults } from '../services/live/cluster';
import { inProcessLiveResults } from '../services/live/in-process';
import type { LiveResults } from '../services/live/live-results';
import { postgresLiveResults } from '../services/live/postgres';
import { LiveStreamSlots } from '../services/live/stream-slots';
import { WorkspaceOutbound } from '../services/chat/outbound-budget';
import { chatQuota } from '../services/quota';
import { invitationSender, signInLinkSender } from '../services/sign-in/link-email';
import { DEFAULT_SIGN_IN } from '../services/sign-in/settings';

export interface ServerOptions {
  /**
   * Wraps the real effect performers: tests put a local stand-in of a slow
   * third party in front of one. Production uses them as they are.
   */
  effects?: (real: EffectPerformers) => EffectPerformers;
  /** Where the log's JSON lines go (standard output unless given: tests read them). */
  logDestination?: { write(line: string): void };
}

/** What the server holds besides the deps: the parts it must close on shutdown. */
export interface BuiltDeps {
  deps: ServerDeps;
  code: SandboxPool;
  live: LiveResults;
  /** The messaging channels' background loops: started once listening, stopped before the database closes. */
  channels: ChannelWorkers;
}

export async function buildServerDeps(
  config: Config,
  { database, secrets, logger }: { database: Database; secrets: SecretBox; logger: Logger },
  options: ServerOptions = {},
): Promise<BuiltDeps> {
  const allow = parseAllowList(config.effects.outboundAllow);
  const outbound = createOutboundClient({ allow });
  const ai = createAiClient(outbound);
  const code = createSandboxPool({ ...config.sandbox, outboundAllow: config.effects.outboundAllow });
  await code.ready();
  // Processes sharing a PostgreSQL database hear each other's turns through it; SQLite workers through their primary.
  const live =
    database.provider === 'postgresql'
      ? await postgresLiveResults({
          connectionString: database.target.location,
          notify: database.notify!,
          log: logger,
          publications: database.publicBots,
        })
      : cluster.isWorker
        ? clusterLiveResults(logger)
        : inProcessLiveResults(logger);
  const chat = chatDeps({
    db: database.db,
    store: database.chatStore,
    secrets,
    code,
    untrustedCode: code.untrusted,
    previewCode: code.preview,
    outbound: new WorkspaceOutbound(config.effects.outbound, logger),
    limits: { maxBlocksPerTurn: config.chat.maxBlocksPerTurn, turnBudgetMs: config.chat.turnBudgetMs },
    sessionTtlMs: config.chat.sessionTtlMs,
    claim: { leaseMs: config.chat.sessionLeaseMs, waitMs: config.chat.sessionWaitMs },
    effects: (options.effects ?? ((real) => real))(
      createPerformers({
        outbound: outbound.request,
        ai,
        smtp: createSmtpSender({ allow }),
        secrets,
        serverSmtp: config.smtp,
      }),
    ),
    ai,
    effectTimeouts: { defaultMs: config.effects.timeoutMs, maxMs: config.effects.maxTimeoutMs },
    live,
    bounds: config.chat.bounds,
    quota: chatQuota(database.db, config.quota),
    handoffLimits: {
      maxWaitingPerWorkspace: config.handoff.maxWaitingPerWorkspace,
      maxMessageLength: config.handoff.maxMessageLength,
      maxTranscriptLines: config.handoff.maxTranscriptLines,
    },
  });
  const uploads: ServerDeps['uploads'] = {
    db: database.db,
    // The AWS SDK is loaded only for a bucket: local-disk servers never pay its memory.
    files: config.s3
      ? (await import('../integrations/storage/s3')).s3Store(config.s3)
      : localDiskStore(
          config.uploads.dir ??
            (database.provider === 'sqlite'
              ? path.join(path.dirname(database.target.location), 'uploads')
              : path.resolve('data/uploads')),
        ),
    secrets,
    maxBytes: config.uploads.maxBytes,
    botAssets: config.uploads.botAssets,
  };
  // Provider calls pass the same guard as bots' HTTP requests, over connections kept open between messages.
  const provider = createProviderClient({
    outbound: createOutboundClient({ allow, keepAlive: true }),
    timeoutMs: config.channels.requestTimeoutMs,
  });
  const apiUrls = { whatsApp: config.channels.whatsAppApiUrl, telegram: config.channels.telegramApiUrl };
  const channels = createChannelWorkers(
    {
      chat,
      uploads,
      provider,
      apiUrls,
      waitCapMs: config.channels.waitCapMs,
      retentionMs: config.channels.retentionMs,
      logger,
    },
    {
      processor: { concurrency: config.channels.processorConcurrency, leaseMs: config.channels.eventLeaseMs },
      sender: { concurrency: config.channels.senderConcurrency, leaseMs: config.channels.deliveryLeaseMs },
    },
  );
  setChannelQueueDepthSource(() => database.chatStore.channelQueueDepth());
  const deps: ServerDeps = {
    chat,
    uploads,
    liveRecheckMs: config.live.recheckMs,
    liveStreams: new LiveStreamSlots({
      perUser: config.live.streamsPerUser,
      perAddress: config.live.streamsPerAddress,
      maxLifetimeMs: config.live.streamMaxMs,
    }),
    draftCheckpointQuietMs: config.drafts.checkpointQuietMs,
    draftBounds: configuredDraftBounds(config),
    draftStorage: {
      changesPage: { changes: config.drafts.changesPerRead, bytes: config.drafts.changesReadBytes },
      workspaceBytes: config.drafts.workspaceStorageBytes,
    },
    signIn: {
      sessionTtlMs: config.console.sessionTtlMs,
      linkTtlMs: DEFAULT_SIGN_IN.linkTtlMs,
      operators: (config.admin.operators ?? config.admin.email)
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
      // The configuration refuses SMTP without PARLEY_PUBLIC_URL: e-mailed links are built from it alone.
      ...(config.smtp && config.server.publicUrl
        ? {
            sendLink: signInLinkSender(config.smtp, createSmtpSender(), config.server.publicUrl),
            sendInvitation: invitationSender(config.smtp, createSmtpSender(), config.server.publicUrl),
          }
        : {}),
    },
    channels: { onReceived: channels.onReceived, connect: { provider, apiUrls } },
  };
  return { deps, code, live, channels };
}
