// Settings of the messaging channels (WhatsApp Cloud API, Telegram Bot API):
// where their APIs answer (stand-ins in tests, a proxy in some deployments)
// how long a bot's wait is slept between two sends, how the queues' claims
// last, how much one connection may have waiting or send (docs/channels.md#fairness)
// and how long handled messages are kept.
import { duration, integer, url } from '../setting';

export const channels = {
  whatsAppApiUrl: url({
    env: 'PARLEY_WHATSAPP_API_URL',
    default: 'https://graph.facebook.com/v21.0',
    doc: 'base URL of the WhatsApp Cloud API (the Graph API version included); its host must pass the outbound guard',
  }),
  telegramApiUrl: url({
    env: 'PARLEY_TELEGRAM_API_URL',
    default: 'https://api.telegram.org',
    doc: 'base URL of the Telegram Bot API (`/bot<token>/…` is appended); its host must pass the outbound guard',
  }),
  waitCapMs: duration({
    env: 'PARLEY_CHANNEL_WAIT_CAP_MS',
    unit: 'ms',
    default: 10_000,
    doc: "the longest a bot's Wait block delays the next messages sent to a channel (longer waits are cut)",
  }),
  processorConcurrency: integer({
    env: 'PARLEY_CHANNEL_PROCESSORS',
    default: 8,
    min: 1,
    doc: "received messages each process answers at once (of different conversations: one conversation's go one at a time)",
  }),
  senderConcurrency: integer({
    env: 'PARLEY_CHANNEL_SENDERS',
    default: 8,
    min: 1,
    doc: "messages each process sends to the providers at once (of different conversations: one conversation's go in order)",
  }),
  eventLeaseMs: duration({
    env: 'PARLEY_CHANNEL_EVENT_LEASE_MS',
    unit: 'ms',
    default: 60_000,
    doc: 'how long a received message a process took stays its own without renewal: the message of a process that died is taken up again after it',
  }),
  requestTimeoutMs: duration({
    env: 'PARLEY_CHANNEL_REQUEST_TIMEOUT_MS',
    unit: 'ms',
    default: 10_000,
    min: 1_000,
    doc: 'how long one request to a messaging provider may take before it counts as failed (and is tried again later)',
  }),
  deliveryLeaseMs: duration({
    env: 'PARLEY_CHANNEL_DELIVERY_LEASE_MS',
    unit: 'ms',
    default: 30_000,
    // Longer than a provider request may take (checked against PARLEY_CHANNEL_REQUEST_TIMEOUT_MS at load):
    // a shorter claim would let a second sender send the message again meanwhile.
    min: 2_000,
    doc: 'how long a message being sent stays with the process sending it: the messages of a process that died are sent after it (longer than a provider request may take, PARLEY_CHANNEL_REQUEST_TIMEOUT_MS)',
  }),
  maxPendingPerConnection: integer({
    env: 'PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION',
    default: 1000,
    min: 1,
    doc: "received messages one connection may have waiting to be answered: a webhook update that would take it over is refused whole with 429 (the provider delivers it again later)",
  }),
  messagesPerMinute: integer({
    env: 'PARLEY_CHANNEL_MESSAGES_PER_MINUTE',
    default: 1200,
    min: 1,
    doc: "messages one connection's webhook may deliver per minute, counted in each process: an update over it is refused whole with 429 and `Retry-After`",
  }),
  retentionMs: duration({
    env: 'PARLEY_CHANNEL_RETENTION_HOURS',
    unit: 'hours',
    default: 168,
    min: 1,
    doc: 'how long answered messages and sent ones are kept: a message re-delivered within it is recognised and not answered twice (providers re-deliver a webhook they are unsure of for hours or days)',
  }),
};
