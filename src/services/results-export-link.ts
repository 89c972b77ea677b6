import { z } from 'zod';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { Access } from './access';
import type { SecretBox } from './credentials/secret-box';
import { listedResultsWhere, type ResultFilter } from './result-reads';
import { exportLines, type ExportFormat } from './results-export';
import { sealToken, openSealedToken } from './sealed-token';
import { TIME_FILTERS } from './time-filter';
import type { Viewer } from './tokens';

// A results export as a short-lived link, for whoever a builder hands it to
// (an AI assistant hands one to a person) without handing over the builder's
// credentials. The link seals who made it (user and token or console session),
// the bot, the format and the filter; nothing is stored. It is honoured only
// while the maker still could export: the token not revoked, the session not
// ended, still a member of the bot's workspace. Every refusal is the same
// NOT_FOUND, so a link tells whoever holds it nothing but that it works
// (docs/api-decisions.md#results-export-links).

export const EXPORT_LINK_LIFETIME_MS = 15 * 60_000;
const PURPOSE = 'results-export';
export const EXPORT_LINK_NOT_FOUND = 'Export link not found or expired';

const FORMATS = ['csv', 'ndjson'] as const satisfies readonly ExportFormat[];

const claimsSchema = z.object({
  viewer: z.union([
    z.object({ userId: z.string(), tokenId: z.string() }),
    z.object({ userId: z.string(), sessionId: z.string() }),
  ]),
  botId: z.string(),
  format: z.enum(FORMATS),
  filter: z.object({
    timeFilter: z.enum(TIME_FILTERS).nullish(),
    timeZone: z.string().nullish(),
    isCompleted: z.boolean().nullish(),
    search: z.string().nullish(),
  }),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
type ExportLinkClaims = z.infer<typeof claimsSchema>;

export interface ExportLinkDeps {
  db: Db;
  secrets: SecretBox;
}

export interface ExportLinkInput {
  botId: string;
  format: ExportFormat;
  filter: ResultFilter;
}

export interface ExportLink {
  url: string;
  expiresAt: Date;
}

/**
 * A link to the export of `input` on the console origin (the caller has
 * checked that the viewer reads the bot). The URL repeats the format as
 * `?format=`: the REST download's content type is chosen by it, and a link
 * whose format was changed is refused.
 */
export function createResultsExportLink(
  deps: ExportLinkDeps,
  viewer: Viewer,
  input: ExportLinkInput,
  consoleBaseUrl: string,
  now = Date.now(),
): ExportLink {
  // A filter the export would refuse (an unknown time zone) is refused now, while its maker is there to read why.
  listedResultsWhere(input.botId, input.filter, new Date(now));
  const expiresAt = now + EXPORT_LINK_LIFETIME_MS;
  const claims: ExportLinkClaims = {
    viewer:
      viewer.tokenId !== undefined
        ? { userId: viewer.userId, tokenId: viewer.tokenId }
        : { userId: viewer.userId, sessionId: viewer.sessionId },
    botId: input.botId,
    format: input.format,
    filter: {
      timeFilter: input.filter.timeFilter,
      timeZone: input.filter.timeZone,
      isCompleted: input.filter.isCompleted,
      search: input.filter.search,
    },
    expiresAt,
  };
  const token = sealToken(deps.secrets, PURPOSE, claims);
  return {
    url: `${consoleBaseUrl.replace(/\/+$/, '')}/v1/exports/${token}?format=${input.format}`,
    expiresAt: new Date(expiresAt),
  };
}

/** Whether the link's maker could still export the bot now: credentials alive, still a member of its workspace. */
async function makerStillExports(db: Db, claims: ExportLinkClaims, now: number): Promise<boolean> {
  const { viewer } = claims;
  const credentialAlive =
    'tokenId' in viewer
      ? (await db.apiToken.count({ where: { id: viewer.tokenId, userId: viewer.userId, revokedAt: null } })) > 0
      : (await db.consoleSession.count({
          where: { id: viewer.sessionId, userId: viewer.userId, expiresAt: { gt: new Date(now) } },
        })) > 0;
  if (!credentialAlive) return false;
  const access = new Access(db, viewer.userId);
  const workspaceId = await access.workspaceOfBot(claims.botId);
  return workspaceId !== null && (await access.roleIn(workspaceId)) !== null;
}

/**
 * The export lines a link stands for, in its sealed format and filter.
 * `format`, when given, must be the sealed one. Anything that makes the link
 * unusable is NOT_FOUND {@link EXPORT_LINK_NOT_FOUND}.
 */
export async function exportByLink(
  deps: ExportLinkDeps,
  token: string,
  format?: ExportFormat | null,
  now = Date.now(),
): Promise<AsyncGenerator<string>> {
  const claims = openSealedToken(deps.secrets, PURPOSE, claimsSchema, token);
  if (
    !claims ||
    claims.expiresAt <= now ||
    (format != null && format !== claims.format) ||
    !(await makerStillExports(deps.db, claims, now))
  )
    throw notFound(EXPORT_LINK_NOT_FOUND);
  return exportLines(deps.db, claims.botId, claims.format, claims.filter);
}
