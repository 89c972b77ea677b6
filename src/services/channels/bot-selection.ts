// Which bot answers a channel connection. A bot is connected to one through
// its published settings (`settings.messagingApp = { isEnabled, credentialsId }`,
// or a Typebot export's `settings.whatsApp` with its top-level `whatsAppCredentialsId`);
// a new conversation goes to the first connected bot (by creation) whose
// start condition the first message meets, else to the first without one —
// as the reference's startWhatsAppSession picks among a number's bots.
import { z } from 'zod';
import type { Db } from '../../db/client';
import { evaluateCondition, type Comparison, type Condition } from '../../engine/conditions/evaluate';
import type { RuntimeBot } from '../../engine/definition/runtime-bot';
import type { ReplyMessage } from '../../engine/wire';
import { loadSnapshot, prismaSnapshots } from '../chat/bot-loader';

/** The reference's default session expiry (hours without a message, then a new conversation starts). */
export const DEFAULT_SESSION_EXPIRY_HOURS = 4;

/** `settings.messagingApp` of a published bot, as far as channels read it. */
export interface MessagingAppSettings {
  isEnabled?: boolean;
  credentialsId?: string;
  /** Hours. */
  sessionExpiryTimeout?: number;
  /** Comparisons without a variable: the incoming message's text is their left operand. */
  startCondition?: Condition;
}

export interface ConnectedBot {
  botId: string;
  publicId: string;
  messagingApp: MessagingAppSettings;
}

// A field of the wrong type reads as unset, as the settings' other readers treat it: one bad
// field must not disconnect the bot, nor stop its other settings from applying.
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = lenient(z.union([z.string(), z.number(), z.boolean()]).transform(String));

const conditionSchema = z.object({
  logicalOperator: lenient(z.string()),
  comparisons: lenient(
    z.array(z.object({ id: text, variableId: text, comparisonOperator: text, value: text }).catch({})),
  ),
});

const messagingAppSchema = z
  .object({
    isEnabled: lenient(z.boolean()),
    credentialsId: lenient(z.string()),
    sessionExpiryTimeout: lenient(z.number()),
    startCondition: lenient(conditionSchema),
  })
  .catch({});

/**
 * Typebot exports name these settings `whatsApp`, with the connection's id
 * beside the settings (`whatsAppCredentialsId`, a column of the bot in
 * Typebot); the documented API names them `messagingApp`, id included.
 */
export function messagingAppOf(bot: Pick<RuntimeBot, 'settings' | 'whatsAppCredentialsId'>): MessagingAppSettings {
  const settings = messagingAppSchema.parse(bot.settings.messagingApp ?? bot.settings.whatsApp ?? {});
  const credentialsId = settings.credentialsId ?? bot.whatsAppCredentialsId;
  return credentialsId === undefined ? settings : { ...settings, credentialsId };
}

async function publishedSettings(db: Db, botId: string, revision: number): Promise<MessagingAppSettings> {
  const bot = await loadSnapshot(prismaSnapshots(db), botId, revision);
  return bot ? messagingAppOf(bot) : {};
}

/** The workspace's published, live bots connected to `credentialsId`, oldest first. */
export async function connectedBots(db: Db, workspaceId: string, credentialsId: string): Promise<ConnectedBot[]> {
  const rows = await db.bot.findMany({
    where: { workspaceId, isArchived: false, publishedRevision: { not: null }, publicId: { not: null } },
    select: { id: true, publicId: true, publishedRevision: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const bots: ConnectedBot[] = [];
  for (const row of rows) {
    const messagingApp = await publishedSettings(db, row.id, row.publishedRevision!);
    if (messagingApp.isEnabled === true && messagingApp.credentialsId === credentialsId)
      bots.push({ botId: row.id, publicId: row.publicId!, messagingApp });
  }
  return bots;
}

/** The variable the message's text stands in as, for the condition evaluator. */
const MESSAGE_VARIABLE = { id: 'channel-message', name: 'Message' };

function hasComparisons(condition: Condition | undefined): condition is Condition {
  return Array.isArray(condition?.comparisons) && condition.comparisons.length > 0;
}

/** Whether the message meets the condition: only a text does (as the reference), AND by default, OR when said. */
export async function meetsStartCondition(condition: Condition, message: ReplyMessage | undefined): Promise<boolean> {
  if (message?.type !== 'text' || !message.text) return false;
  const comparisons = (condition.comparisons ?? []).map((comparison: Comparison): Comparison => ({
    ...comparison,
    variableId: MESSAGE_VARIABLE.id,
  }));
  return evaluateCondition(
    { ...condition, comparisons },
    { variables: [{ ...MESSAGE_VARIABLE, value: message.text }] },
  );
}

/** The bot a new conversation starting with `message` goes to; undefined when none takes it. */
export async function chooseStartBot(
  bots: readonly ConnectedBot[],
  message: ReplyMessage | undefined,
): Promise<ConnectedBot | undefined> {
  for (const bot of bots) {
    const condition = bot.messagingApp.startCondition;
    if (hasComparisons(condition) && (await meetsStartCondition(condition, message))) return bot;
  }
  return bots.find((bot) => !hasComparisons(bot.messagingApp.startCondition));
}

/** How long a conversation with `botId` lasts without a message (its published setting, else 4 hours). */
export async function sessionExpiryMs(db: Db, botId: string): Promise<number> {
  const row = await db.bot.findUnique({ where: { id: botId }, select: { publishedRevision: true } });
  const settings = row?.publishedRevision != null ? await publishedSettings(db, botId, row.publishedRevision) : {};
  const hours = settings.sessionExpiryTimeout;
  return (typeof hours === 'number' && hours > 0 ? hours : DEFAULT_SESSION_EXPIRY_HOURS) * 3600_000;
}
