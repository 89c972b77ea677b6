import { z } from 'zod';

// What each kind of credentials holds. Validated when created, so the
// runtime can rely on the shape after decryption.

const nonEmpty = z.string().trim().min(1);

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
} as const;

export type CredentialsType = keyof typeof credentialSchemas;
export type CredentialsData<T extends CredentialsType> = z.output<(typeof credentialSchemas)[T]>;

export const CREDENTIALS_TYPES = Object.keys(credentialSchemas) as CredentialsType[];

export function isCredentialsType(value: string): value is CredentialsType {
  return Object.hasOwn(credentialSchemas, value);
}
