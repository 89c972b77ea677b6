import path from 'node:path';
import Router from '@koa/router';
import { AppError } from '../errors';
import type { Context } from 'koa';
import {
  FileTooLarge,
  openUpload,
  openUploadedFile,
  receiveUpload,
  type StoredFile,
  type UploadDeps,
} from '../services/uploads';

// The bytes of file uploads: binary transfer is not a GraphQL operation, so
// these two handlers call the uploads service directly (the one exception to
// "HTTP reaches services through GraphQL", in .dependency-cruiser.cjs). The
// upload URL itself comes from the createUploadUrl operation.

const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
};

const ATTACHMENT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface UploadsRouterOptions {
  /** Files are served by the chat origin only: what visitors upload is never content of the console's origin. */
  serveFiles: boolean;
}

export function createUploadsRouter(uploads: UploadDeps, options: UploadsRouterOptions): Router {
  const router = new Router();

  router.put('/v1/uploads/:token', async (ctx) => {
    const length = ctx.get('content-length');
    try {
      const { size } = await receiveUpload(uploads, ctx.params.token!, ctx.req, length ? Number(length) : undefined);
      ctx.status = 200;
      ctx.body = { size };
    } catch (error) {
      if (!(error instanceof FileTooLarge)) throw error;
      // The rest of the body is not read: the connection closes after the answer.
      ctx.set('Connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', `File larger than ${error.maxBytes} bytes`);
    }
  });

  if (!options.serveFiles) return router;
  router.get('/v1/files/:fileId/:name', async (ctx) => {
    const found = await openUploadedFile(uploads, ctx.params.fileId!, ctx.params.name!);
    if (!found?.file) throw new AppError('NOT_FOUND', 'Not found');
    serveFile(ctx, found.key, found.file);
  });
  // URLs made before file ids (answers stored then still name them).
  router.get('/v1/files/:owner/:ownerId/:fileId/:name', async (ctx) => {
    const { owner, ownerId, fileId, name } = ctx.params as Record<string, string>;
    const key = `${owner}/${ownerId}/${fileId}/${name}`;
    const file = await openUpload(uploads, key);
    if (!file) throw new AppError('NOT_FOUND', 'Not found');
    serveFile(ctx, key, file);
  });

  return router;
}

function serveFile(ctx: Context, key: string, file: StoredFile): void {
  const extension = path.extname(key).slice(1).toLowerCase();
  const inline = INLINE_TYPES[extension];
  ctx.set('Content-Type', inline ?? ATTACHMENT_TYPES[extension] ?? 'application/octet-stream');
  // Anything but media and PDFs downloads: an uploaded HTML or SVG page must not run on this origin.
  ctx.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${path.basename(key)}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  // The URL names one immutable file.
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.length = file.size;
  ctx.body = file.body;
}
