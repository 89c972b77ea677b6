import type { Db } from '../db/client';
import { badRequest } from '../errors';
import type { FileStore } from '../integrations/storage/file-store';
import { assertBotAssetRoom, botAssetsPrefix, type BotAssetLimits } from './bot-asset-quota';
import { forgetUploadedFiles, storeFileBytes } from './uploaded-files';
import { safeFileName } from './file-names';

// Images a builder uploads for a bot (avatars of the Theme tab). They are
// recorded as UploadedFile rows like visitors' uploads, so the same route
// serves them (/v1/files/<id>/<name>, chat origin only, its Content-Type taken
// from the name's extension, nosniff). Their bytes live under bots/<botId>/assets/,
// apart from results/ and sessions/, and go when the bot is deleted. Their
// number per bot and their bytes per workspace are bounded (bot-asset-quota.ts).

/** Images only: what a theme shows in an <img>. No SVG: it is a document that can run scripts. */
const ASSET_TYPES = {
  'image/png': {
    extensions: ['png'],
    matches: (bytes: Buffer) => startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  'image/jpeg': { extensions: ['jpg', 'jpeg'], matches: (bytes: Buffer) => startsWith(bytes, 0, [0xff, 0xd8, 0xff]) },
  'image/gif': {
    extensions: ['gif'],
    matches: (bytes: Buffer) => ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'),
  },
  'image/webp': {
    extensions: ['webp'],
    matches: (bytes: Buffer) => ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP'),
  },
} as const;

export type AssetContentType = keyof typeof ASSET_TYPES;
export const ASSET_CONTENT_TYPES = Object.keys(ASSET_TYPES) as AssetContentType[];
export const MAX_ASSET_BYTES = 1024 * 1024;
const MAX_NAME_LENGTH = 200;

function startsWith(bytes: Buffer, offset: number, expected: readonly number[]): boolean {
  return bytes.length >= offset + expected.length && expected.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Buffer, offset: number, text: string): boolean {
  return startsWith(bytes, offset, [...Buffer.from(text, 'ascii')]);
}

function isAssetType(value: string): value is AssetContentType {
  return Object.hasOwn(ASSET_TYPES, value);
}

export interface BotAssetInput {
  fileName: string;
  contentType: string;
  dataBase64: string;
}

export interface BotAsset {
  /** Absolute, on the chat origin: a theme's avatar is shown on the bot's pages there. */
  url: string;
}

const refuse = (field: keyof BotAssetInput, message: string) => badRequest(message, [{ message, path: [field] }]);

/**
 * The name the file is stored and served under: one safe segment whose
 * extension is the content type's, since the file route derives Content-Type
 * from it. Names that try to be paths or carry control characters are refused
 * rather than rewritten (a builder sees why); other odd characters become "_".
 */
export function assetFileName(fileName: string, contentType: AssetContentType): string {
  if (
    fileName.trim() === '' ||
    fileName.length > MAX_NAME_LENGTH ||
    // eslint-disable-next-line no-control-regex
    /[\\/\u0000-\u001f\u007f]/.test(fileName) ||
    /^\.+$/.test(fileName.trim())
  )
    throw refuse(
      'fileName',
      `The file name must be 1 to ${MAX_NAME_LENGTH} characters, without "/", "\\" or control characters`,
    );
  const name = safeFileName(fileName);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const allowed: readonly string[] = ASSET_TYPES[contentType].extensions;
  if (allowed.includes(extension)) return `${name.slice(0, dot)}.${extension}`;
  // An image extension of another type would be served as that other type.
  if (ASSET_CONTENT_TYPES.some((type) => (ASSET_TYPES[type].extensions as readonly string[]).includes(extension)))
    throw refuse('fileName', `The file name's extension .${extension} does not match ${contentType}`);
  return `${name}.${allowed[0]}`;
}

/** The decoded bytes, checked for size and for being the image type they claim (by their first bytes). */
export function assetBytes(input: BotAssetInput, contentType: AssetContentType): Buffer {
  const text = input.dataBase64.replace(/\s+/g, '');
  // Checked on the text first: an oversized upload is refused without decoding it.
  if (Math.floor((text.length * 3) / 4) - 2 > MAX_ASSET_BYTES)
    throw refuse('dataBase64', `The image is larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1)
    throw refuse('dataBase64', 'dataBase64 is not base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw refuse('dataBase64', 'The file is empty');
  if (bytes.length > MAX_ASSET_BYTES)
    throw refuse('dataBase64', `The image is larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB`);
  if (!ASSET_TYPES[contentType].matches(bytes)) throw refuse('dataBase64', `The file's content is not ${contentType}`);
  return bytes;
}

export interface BotAssetDeps {
  db: Db;
  files: FileStore;
}

/** Stores an image for the bot (access is checked by the caller) and answers where it is served. */
export async function uploadBotAsset(
  deps: BotAssetDeps & { botAssets: BotAssetLimits },
  botId: string,
  input: BotAssetInput,
  chatBaseUrl: string | undefined,
): Promise<BotAsset> {
  const contentType = input.contentType.trim().toLowerCase();
  if (!isAssetType(contentType)) throw refuse('contentType', `Images only: ${ASSET_CONTENT_TYPES.join(', ')}`);
  const name = assetFileName(input.fileName, contentType);
  const bytes = assetBytes(input, contentType);
  return storeFileBytes(
    deps,
    { prefix: botAssetsPrefix(botId), name, bytes, maxBytes: MAX_ASSET_BYTES, baseUrl: chatBaseUrl ?? '' },
    () => assertBotAssetRoom(deps.db, deps.botAssets, botId),
  );
}

/** Deletes a bot's assets: bytes first, then their rows (a failure leaves orphan bytes, never a row naming deleted bytes). */
export async function deleteBotAssets(deps: BotAssetDeps, botId: string): Promise<void> {
  await deps.files.deletePrefix(botAssetsPrefix(botId));
  await forgetUploadedFiles(deps.db, [botAssetsPrefix(botId)]);
}
