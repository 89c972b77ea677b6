// A channel connection's credentials as the processor and the sender use them:
// decrypted, with the workspace they belong to, and the channel bound to them
// (its requests written with them, its provider account addressed with them).
import type { Db } from '../../db/client';
import type { ProviderAccount } from '../../integrations/messaging/provider-client';
import { openCredentials } from '../credentials/credentials';
import type { SecretBox } from '../credentials/secret-box';
import type { ReplyMessage } from '../../engine/wire';
import type { ChannelKind, InboundMessage, OutboundRequest, SentChoices, TurnToSend } from './channel';
import { CHANNELS } from './registry';

/** Where each provider's API answers (config.channels): base URLs without a trailing slash (the `url()` settings strip it). */
export interface ProviderApiUrls {
  whatsApp: string;
  telegram: string;
}

/** A channel with its connection's credentials applied. */
export interface BoundChannel {
  kind: ChannelKind;
  credentialsId: string;
  workspaceId: string;
  toReply(message: InboundMessage, choices: SentChoices): ReplyMessage | undefined;
  render(turn: TurnToSend, conversationKey: string): { requests: OutboundRequest[]; choices: SentChoices };
  acknowledge(message: InboundMessage): OutboundRequest[];
  account(urls: ProviderApiUrls): ProviderAccount;
}

function isChannelKind(type: string): type is ChannelKind {
  return type === 'whatsApp' || type === 'telegram';
}

/**
 * The connection `credentialsId` bound to its channel; undefined when the
 * credentials are gone, are not a channel's, or no longer decrypt.
 */
export async function loadChannel(
  db: Db,
  secrets: SecretBox,
  credentialsId: string,
): Promise<BoundChannel | undefined> {
  // One read: the row says its kind and workspace, and holds the sealed data (read per event and per delivery).
  const row = await db.credentials.findUnique({ where: { id: credentialsId } });
  if (!row || !isChannelKind(row.type)) return undefined;
  const { workspaceId } = row;
  const base = { credentialsId, workspaceId };
  if (row.type === 'whatsApp') {
    const data = openCredentials(secrets, row, 'whatsApp');
    if (!data) return undefined;
    const channel = CHANNELS.whatsApp;
    return {
      ...base,
      kind: 'whatsApp',
      toReply: channel.toReply,
      render: (turn, key) => channel.render(turn, key, data),
      acknowledge: (message) => channel.acknowledge(message, data),
      account: (urls) => ({ kind: 'whatsApp', baseUrl: urls.whatsApp, token: data.accessToken }),
    };
  }
  const data = openCredentials(secrets, row, 'telegram');
  if (!data) return undefined;
  const channel = CHANNELS.telegram;
  return {
    ...base,
    kind: 'telegram',
    toReply: channel.toReply,
    render: (turn, key) => channel.render(turn, key, data),
    acknowledge: (message) => channel.acknowledge(message, data),
    account: (urls) => ({ kind: 'telegram', baseUrl: urls.telegram, token: data.botToken }),
  };
}

/** A connection by its credentials id, bound to its channel (loadChannel's answer). */
export type ChannelLoader = (credentialsId: string) => Promise<BoundChannel | undefined>;

/**
 * loadChannel with a short memory, for the processor and the sender: stored
 * credentials are never edited (they are replaced), so a connection read for
 * one event serves the next ones and their deliveries for `ttlMs`, without a
 * read and a decryption each. Deleted credentials take their queued events
 * and deliveries with them; what is missing is not remembered.
 */
export function cachedChannelLoader(
  db: Db,
  secrets: SecretBox,
  options: { ttlMs: number; maxEntries: number } = { ttlMs: 30_000, maxEntries: 500 },
): ChannelLoader {
  const cache = new Map<string, { channel: BoundChannel; until: number }>();
  return async (credentialsId) => {
    const now = Date.now();
    const cached = cache.get(credentialsId);
    if (cached && cached.until > now) return cached.channel;
    const channel = await loadChannel(db, secrets, credentialsId);
    cache.delete(credentialsId);
    if (channel) {
      // Oldest first: the first key is the one to drop.
      if (cache.size >= options.maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(credentialsId, { channel, until: now + options.ttlMs });
    }
    return channel;
  };
}
