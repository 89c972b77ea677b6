import { randomBytes } from 'node:crypto';
import { z } from 'zod';

// What each kind of credentials holds. Validated when created, so the
// runtime can rely on the shape after decryption.

const nonEmpty = z.string().trim().min(1);

/** A secret Parley makes when the builder gives none: the provider echoes it back on every webhook call. */
const generatedSecret = z
  .string()
  .min(16)
  .default(() => randomBytes(24).toString('base64url'));

const apiKey = z.object({ apiKey: nonEmpty, baseUrl: z.url().optional() });

export const credentialSchemas = {
  smtp: z.object({
    host: nonEmpty,
    port: z.number().int().min(1).max(65535),
    username: z.string().optional(),
    password: z.string().optional(),
    isTlsEnabled: z.boolean().optional(),
    from: z.object({ email: z.email(), name: z.string().optional() }),
  }),
  openai: apiKey,
  anthropic: apiKey,
  mistral: apiKey,
  groq: apiKey,
  'together-ai': apiKey,
  'open-router': apiKey,
  deepseek: apiKey,
  perplexity: apiKey,
  http: z.object({
    headers: z
      .record(nonEmpty, z.string())
      .refine((headers) => Object.keys(headers).length > 0, 'needs at least one header'),
  }),
  stripe: z.object({ secretKey: nonEmpty, publicKey: nonEmpty }),
  /** A WhatsApp Cloud API number (Meta's app dashboard gives every field but the verify token). */
  whatsApp: z.object({
    phoneNumberId: nonEmpty,
    businessAccountId: nonEmpty,
    accessToken: nonEmpty,
    appSecret: nonEmpty,
    verifyToken: generatedSecret,
  }),
  /** A Telegram bot (BotFather's token); the secret token is sent with setWebhook and checked on every update. */
  telegram: z.object({
    botToken: z.string().regex(/^\d+:[\w-]{20,}$/, 'a bot token as BotFather gives it (123456:ABC…)'),
    secretToken: z
      .string()
      .regex(/^[\w-]{16,256}$/)
      .default(() => randomBytes(24).toString('base64url')),
  }),
} as const;

export type CredentialsType = keyof typeof credentialSchemas;
export type CredentialsData<T extends CredentialsType> = z.output<(typeof credentialSchemas)[T]>;

export const CREDENTIALS_TYPES = Object.keys(credentialSchemas) as CredentialsType[];

export function isCredentialsType(value: string): value is CredentialsType {
  return Object.hasOwn(credentialSchemas, value);
}
