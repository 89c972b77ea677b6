import { z } from 'zod';
import type { Prisma } from '../db/client';
import { isRecord } from '../engine/json';
import { CONTENT_KEYS, parseDefinition, type BotDefinition } from '../engine/definition/parse';
import { badRequest, invalidInput, type Issue } from '../errors';
import { displayName, icon, zodIssues } from './validation';
import { withNormalisedOrigins } from './chat/origins';
import { jsonBytes } from './draft-storage';
import { followRenamesInUntouchedParts, renamedVariables } from '../engine/variables/rename';

// A bot object as a client sends it (an export to import, or a partial bot):
// its metadata, its content merged over the stored draft, validated whole,
// and the columns it is stored in.

export const BOT_NAME_MAX = 255;
export const DEFAULT_BOT_NAME = 'My bot';
const PUBLIC_ID_PATTERN = /^[a-zA-Z0-9-.]+$/;
/**
 * The server's own paths, and paths a host commonly serves or that look like
 * sign-in pages (a bot there could pass for the operator's own page).
 */
const RESERVED_PUBLIC_IDS = new Set([
  ...['app', 'api', 'graphql', 'mcp', 'v1', 'health', 'ready', 'metrics', 'embed.js', 'static', 'openapi.json'],
  ...[
    'login',
    'logout',
    'signin',
    'sign-in',
    'signout',
    'sign-out',
    'signup',
    'sign-up',
    'register',
    'admin',
    'administrator',
    'auth',
    'oauth',
    'sso',
  ],
  ...[
    'account',
    'accounts',
    'password',
    'reset-password',
    'settings',
    'dashboard',
    'console',
    'billing',
    'invite',
    'invitations',
  ],
  ...[
    'robots.txt',
    'favicon.ico',
    'sitemap.xml',
    'security.txt',
    'humans.txt',
    'ads.txt',
    'manifest.json',
    'crossdomain.xml',
  ],
  ...['browserconfig.xml', 'apple-app-site-association', 'apple-touch-icon.png', 'assets', 'files', 'uploads', 'www'],
]);

const publicIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(PUBLIC_ID_PATTERN, 'may contain only letters, digits, "-" and "."')
  // Public pages live at /<publicId>: these are the server's own paths, so such a page could never be reached.
  .refine(
    (id) => !RESERVED_PUBLIC_IDS.has(id.toLowerCase()),
    "is one of the server's own paths (app, graphql, v1, ...)",
  );

/**
 * Fields of a bot object besides its content. On import only id, name, icon and
 * publicId are read (an export's workspaceId, isArchived and isClosed are
 * ignored); isClosed is applied by updates.
 */
const metadataSchema = z.object({
  id: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"')
    .nullish(),
  name: displayName(BOT_NAME_MAX).nullish(),
  icon: icon.nullish(),
  publicId: publicIdSchema.nullish(),
  isClosed: z.boolean().optional(),
});

type Metadata = z.output<typeof metadataSchema>;

/** Validates a bot object (export or patch); every problem is reported under `bot`. */
export function parseBotInput(raw: unknown, base?: BotDefinition): { metadata: Metadata; definition: BotDefinition } {
  if (!isRecord(raw)) throw invalidInput([{ message: 'must be an object', path: ['bot'] }]);
  const issues: Issue[] = [];
  const metadata = metadataSchema.safeParse(raw);
  if (!metadata.success) issues.push(...zodIssues(metadata.error, ['bot']));
  const content = base ? mergeContent(base, raw) : raw;
  const parsed = parseDefinition(content);
  if (!parsed.ok) issues.push(...parsed.issues.map((issue) => ({ ...issue, path: ['bot', ...issue.path] })));
  if (issues.length > 0 || !metadata.success || !parsed.ok) throw invalidInput(issues);
  const origins = withNormalisedOrigins(parsed.definition.settings, storedOrigins(base));
  if (!origins.ok)
    throw invalidInput(origins.issues.map((issue) => ({ ...issue, path: ['bot', 'settings', ...issue.path] })));
  return { metadata: metadata.data, definition: { ...parsed.definition, settings: origins.settings } };
}

function storedOrigins(base: BotDefinition | undefined): unknown[] {
  const security = base?.settings.security;
  const listed = isRecord(security) ? security.allowedOrigins : undefined;
  return Array.isArray(listed) ? listed : [];
}

function mergeContent(base: BotDefinition, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const key of CONTENT_KEYS) {
    if (key in patch) merged[key] = patch[key];
  }
  if (!Array.isArray(patch.variables)) return merged;
  const renames = renamedVariables(base.variables, patch.variables.filter(isNamedVariable));
  const untouched = CONTENT_KEYS.filter((key) => key !== 'variables' && !(key in patch));
  return followRenamesInUntouchedParts(merged, renames, untouched);
}

function isNamedVariable(value: unknown): value is { id: string; name: string } {
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';
}

export function splitDefinition(definition: BotDefinition): {
  version: string;
  draft: Prisma.InputJsonValue;
  draftSize: number;
} {
  const { version, ...draft } = definition;
  return { version, draft: draft as unknown as Prisma.InputJsonValue, draftSize: jsonBytes(draft) };
}

export const publicIdTaken = () =>
  badRequest('Public id not available', [{ message: 'is already used by another bot', path: ['bot', 'publicId'] }]);
