import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../db/client';
import { acceptsFileName, takesUploads } from '../engine/blocks/inputs/file';
import { isAnonymousPreview } from '../engine/blocks/integrations/anonymous-preview';
import { parseSessionState } from '../engine/session-state';
import { AppError, badRequest } from '../errors';
import { FileTooLarge, type FileStore } from '../integrations/storage/file-store';

export { FileTooLarge };
import { BotLibrary, prismaSnapshots } from './chat/bot-loader';
import { assertOriginAllowed, type RequestOrigin } from './chat/runtime';
import type { SecretBox } from './credentials/secret-box';

// File uploads of file inputs: a visitor's session asks for an upload URL for
// the block it waits on; the URL carries a sealed token (AES-GCM with the
// server's key: unforgeable, opaque, expiring) that says where the bytes go
// and how many may come. The file is then served at a URL holding an
// unguessable id, under its result so archiving the result deletes it.

export interface UploadDeps {
  db: Db;
  files: FileStore;
  secrets: SecretBox;
  /** PARLEY_UPLOAD_MAX_BYTES: no upload is larger, whatever the block says. */
  maxBytes: number;
}

/** The reference's default (file inputs of v6 have no size option). */
export const DEFAULT_BLOCK_LIMIT_BYTES = 10 * 1024 * 1024;
const TOKEN_LIFETIME_MS = 10 * 60_000;

const claimsSchema = z.object({ key: z.string(), maxBytes: z.number().int().positive(), expiresAt: z.number() });
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

/** A visitor's file name as one safe path segment (its extension kept: file inputs check it). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned === '' ? 'file' : cleaned;
}

function sealToken(secrets: SecretBox, claims: UploadClaims): string {
  const sealed = secrets.seal(claims);
  return Buffer.from(JSON.stringify(sealed)).toString('base64url');
}

function openToken(secrets: SecretBox, token: string, now: number): UploadClaims {
  let claims: UploadClaims;
  try {
    const sealed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { data: string; iv: string };
    claims = claimsSchema.parse(secrets.open(sealed));
  } catch {
    throw new AppError('FORBIDDEN', 'Invalid upload URL');
  }
  if (claims.expiresAt < now) throw new AppError('FORBIDDEN', 'Upload URL expired');
  return claims;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;
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
  if (isAnonymousPreview(state)) throw badRequest('An anonymous preview takes no file uploads: preview the stored bot with a token to try its file inputs');
  if (state.currentBlockId !== input.blockId) throw badRequest('The session is not waiting for a file on this block');
  const library = await new BotLibrary().load(
    prismaSnapshots(deps.db),
    state.queue.map((entry) => entry.bot),
  );
  const bot = library.resolve(state.queue[0]!.bot);
  const block = bot.groups.flatMap((group) => group.blocks).find((candidate) => candidate.id === input.blockId);
  if (!block || !takesUploads(block)) throw badRequest('The session is not waiting for a file on this block');
  const blockLimitMb = Number((block.options as { sizeLimit?: unknown } | undefined)?.sizeLimit);
  const maxBytes = Math.min(deps.maxBytes, Number.isFinite(blockLimitMb) && blockLimitMb > 0 ? blockLimitMb * 1024 * 1024 : DEFAULT_BLOCK_LIMIT_BYTES);
  const name = safeFileName(input.fileName);
  if (!acceptsFileName(block, name)) throw badRequest(`Files of this type are not accepted here: ${name}`);
  if (input.fileSize != null && input.fileSize > maxBytes) throw badRequest(`${name} is larger than ${sizeText(maxBytes)}`);
  const owner = state.queue[0]!.resultId ? `results/${state.queue[0]!.resultId}` : `sessions/${session.id}`;
  const key = `${owner}/${crypto.randomBytes(16).toString('hex')}/${name}`;
  // Uploads and files live on the chat origin, never the console's (docs/security.md).
  const base = (request.chatBaseUrl ?? '').replace(/\/+$/, '');
  return {
    presignedUrl: `${base}/v1/uploads/${sealToken(deps.secrets, { key, maxBytes, expiresAt: now + TOKEN_LIFETIME_MS })}`,
    formData: null,
    fileUrl: `${base}/v1/files/${key}`,
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
  return deps.files.put(claims.key, body, claims.maxBytes);
}

const FILE_KEY = /^(results|sessions)\/[a-z0-9]+\/[a-f0-9]{32}\/[A-Za-z0-9._-]+$/;

/** An uploaded file by the path of its URL (after /v1/files/), or null. */
export async function openUpload(deps: UploadDeps, key: string) {
  if (!FILE_KEY.test(key)) return null;
  return deps.files.get(key);
}
