import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../db/client';
import { acceptsFileName } from '../engine/blocks/inputs/file/block';
import { handlerFor } from '../engine/blocks/registry';
import { isAnonymousPreview } from '../engine/blocks/integrations/anonymous-preview';
import { parseSessionState } from '../engine/session-state';
import { AppError, badRequest } from '../errors';
import { FileTooLarge, type FileStore, type StoredFile } from '../integrations/storage/file-store';

export { FileTooLarge, type StoredFile };
import { BotLibrary, prismaSnapshots } from './chat/bot-loader';
import { assertOriginAllowed, type RequestOrigin } from './chat/origin-policy';
import type { SecretBox } from './credentials/secret-box';
import type { BotAssetLimits } from './bot-asset-quota';
import { safeFileName } from './file-names';
import { openSealedToken, sealToken } from './sealed-token';
import { sizeText } from './size-text';

// File uploads of file inputs: a visitor's session asks for an upload URL for
// the block it waits on; the URL carries a sealed token (AES-GCM with the
// server's key: unforgeable, opaque, expiring) that says which file it is, where
// the bytes go and how many may come. The URL is spent by its first upload: a
// stored file is never replaced. The file is then served at /v1/files/<id>/<name>,
// the unguessable id alone (a file's URL is shown to others: it must not name
// the visitor's result); its bytes are kept under its result (or session) so
// archiving the result deletes them.

export interface UploadDeps {
  db: Db;
  files: FileStore;
  secrets: SecretBox;
  /** PARLEY_UPLOAD_MAX_BYTES: no upload is larger, whatever the block says. */
  maxBytes: number;
  /** PARLEY_BOT_ASSETS_*: how many images builders keep for bots. */
  botAssets: BotAssetLimits;
}

/** The reference's default (file inputs of v6 have no size option). */
export const DEFAULT_BLOCK_LIMIT_BYTES = 10 * 1024 * 1024;
const TOKEN_LIFETIME_MS = 10 * 60_000;

const claimsSchema = z.object({
  id: z.string(),
  key: z.string(),
  maxBytes: z.number().int().positive(),
  expiresAt: z.number(),
});
type UploadClaims = z.infer<typeof claimsSchema>;

export interface UploadUrlInput {
  sessionId: string;
  blockId: string;
  fileName: string;
  fileType?: string | null;
  fileSize?: number | null;
}

export interface UploadUrl {
  /** PUT the file's bytes here (no form fields: formData is always null). */
  presignedUrl: string;
  formData: null;
  /** Where the file is served once uploaded: the reply carries this URL. */
  fileUrl: string;
  maxFileSize: number;
}

const UPLOAD_PURPOSE = 'upload';

function openToken(secrets: SecretBox, token: string, now: number): UploadClaims {
  const claims = openSealedToken(secrets, UPLOAD_PURPOSE, claimsSchema, token);
  if (!claims) throw new AppError('FORBIDDEN', 'Invalid upload URL');
  if (claims.expiresAt < now) throw new AppError('FORBIDDEN', 'Upload URL expired');
  return claims;
}

/**
 * An upload URL for the file input the session waits on (and only that block):
 * its size limit (a v5 block's `sizeLimit` in MB, else 10 MB, never above the
 * server's) and its allowed file types are checked on the declared name/size
 * now and on the bytes when they come.
 */
export async function createUploadUrl(
  deps: UploadDeps,
  input: UploadUrlInput,
  request: RequestOrigin & { chatBaseUrl?: string },
  now = Date.now(),
): Promise<UploadUrl> {
  const session = await deps.db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw badRequest('Session not found');
  const state = parseSessionState(session.state);
  // The bot's allowed origins hold for uploads as for every chat request.
  assertOriginAllowed(state.allowedOrigins, request);
  // Nobody vouches for an anonymous preview's definition: it stores nothing on the server.
  if (isAnonymousPreview(state))
    throw badRequest(
      'An anonymous preview takes no file uploads: preview the stored bot with a token to try its file inputs',
    );
  if (state.currentBlockId !== input.blockId) throw badRequest('The session is not waiting for a file on this block');
  const library = await new BotLibrary().load(
    prismaSnapshots(deps.db),
    state.queue.map((entry) => entry.bot),
  );
  const bot = library.resolve(state.queue[0]!.bot);
  const block = bot.groups.flatMap((group) => group.blocks).find((candidate) => candidate.id === input.blockId);
  const handler = block && handlerFor(block.type);
  if (!block || handler?.category !== 'input' || !handler.takesUploads?.(block))
    throw badRequest('The session is not waiting for a file on this block');
  const blockLimitMb = Number((block.options as { sizeLimit?: unknown } | undefined)?.sizeLimit);
  const maxBytes = Math.min(
    deps.maxBytes,
    Number.isFinite(blockLimitMb) && blockLimitMb > 0 ? blockLimitMb * 1024 * 1024 : DEFAULT_BLOCK_LIMIT_BYTES,
  );
  const name = safeFileName(input.fileName);
  if (!acceptsFileName(block, name)) throw badRequest(`Files of this type are not accepted here: ${name}`);
  if (input.fileSize != null && input.fileSize > maxBytes)
    throw badRequest(`${name} is larger than ${sizeText(maxBytes)}`);
  const owner = state.queue[0]!.resultId ? `results/${state.queue[0]!.resultId}` : `sessions/${session.id}`;
  const id = crypto.randomBytes(16).toString('hex');
  const key = `${owner}/${id}/${name}`;
  await deps.db.uploadedFile.create({ data: { id, key, status: 'pending' } });
  // Uploads and files live on the chat origin, never the console's (docs/security.md).
  const base = (request.chatBaseUrl ?? '').replace(/\/+$/, '');
  return {
    presignedUrl: `${base}/v1/uploads/${sealToken(deps.secrets, UPLOAD_PURPOSE, { id, key, maxBytes, expiresAt: now + TOKEN_LIFETIME_MS } satisfies UploadClaims)}`,
    formData: null,
    fileUrl: `${base}/v1/files/${id}/${name}`,
    maxFileSize: maxBytes,
  };
}

/** Stores the bytes a sealed upload URL allows (413-worthy FileTooLarge past its limit; nothing kept). */
export async function receiveUpload(
  deps: UploadDeps,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
  now = Date.now(),
): Promise<{ size: number }> {
  const claims = openToken(deps.secrets, token, now);
  if (declaredLength !== undefined && declaredLength > claims.maxBytes) throw new FileTooLarge(claims.maxBytes);
  // One upload per URL, taken atomically: a second PUT (at once or later) is refused, the stored file stays.
  const { count } = await deps.db.uploadedFile.updateMany({
    where: { id: claims.id, key: claims.key, status: 'pending' },
    data: { status: 'receiving' },
  });
  if (count === 0) throw new AppError('FORBIDDEN', 'This upload URL was already used');
  try {
    const stored = await deps.files.put(claims.key, body, claims.maxBytes);
    await deps.db.uploadedFile.update({ where: { id: claims.id }, data: { status: 'stored', size: stored.size } });
    return stored;
  } catch (error) {
    // Nothing was kept (too large, connection lost): the visitor may try again while the URL is valid.
    await deps.db.uploadedFile.updateMany({
      where: { id: claims.id, status: 'receiving' },
      data: { status: 'pending' },
    });
    throw error;
  }
}

const FILE_KEY = /^(results|sessions)\/[a-z0-9]+\/[a-f0-9]{32}\/[A-Za-z0-9._-]+$/;
const FILE_ID = /^[a-f0-9]{32}$/;

/** An uploaded file by its URL (/v1/files/<id>/<name>), or null: only stored files, under the name they were given. */
export async function openUploadedFile(deps: UploadDeps, id: string, name: string) {
  if (!FILE_ID.test(id)) return null;
  const row = await deps.db.uploadedFile.findUnique({ where: { id } });
  if (!row || row.status !== 'stored' || !row.key.endsWith(`/${id}/${name}`)) return null;
  return { key: row.key, file: await deps.files.get(row.key) };
}

/** A file by the path of a URL made before file ids (/v1/files/<results|sessions>/<owner>/<id>/<name>): answers already stored name them. */
export async function openUpload(deps: UploadDeps, key: string) {
  if (!FILE_KEY.test(key)) return null;
  return deps.files.get(key);
}
