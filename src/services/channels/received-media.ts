// A file a person sent on a channel, fetched from the provider and kept with
// the uploads (as a file input's upload is), so that the bot receives its
// address: /v1/files/<id>/<name> on the chat origin.
import type { ProviderAccount, ProviderClient } from '../../integrations/messaging/provider-client';
import { safeFileName } from '../file-names';
import { storeFileBytes } from '../uploaded-files';
import type { UploadDeps } from '../uploads';
import type { InboundContent } from './channel';

type MediaContent = Extract<InboundContent, { type: 'media' }>;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

function fileNameOf(media: MediaContent, contentType: string): string {
  const extension = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()];
  return safeFileName(extension ? `${media.kind}.${extension}` : media.kind);
}

export type ReceivedMedia = { ok: true; url: string } | { ok: false; error: string };

/**
 * Downloads the file (refused past the uploads' size limit) and stores it
 * under `owner` (`results/<id>` or `sessions/<id>`: it goes with them;
 * `channels/<credentials id>` before a conversation has either).
 */
export async function storeReceivedMedia(
  deps: { uploads: UploadDeps; provider: ProviderClient; fileBaseUrl: () => string },
  account: ProviderAccount,
  media: MediaContent,
  owner: string,
): Promise<ReceivedMedia> {
  const { uploads } = deps;
  const downloaded = await deps.provider.downloadMedia(account, media.mediaId, uploads.maxBytes);
  if (!downloaded.ok) return { ok: false, error: downloaded.error };
  const name = fileNameOf(media, media.mimeType ?? downloaded.contentType);
  const stored = await storeFileBytes(uploads, {
    prefix: owner,
    name,
    bytes: downloaded.bytes,
    maxBytes: uploads.maxBytes,
    baseUrl: deps.fileBaseUrl(),
  });
  return { ok: true, url: stored.url };
}
