import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import type { FileStore } from '../integrations/storage/file-store';

/** Forgets the uploaded files kept under these prefixes (results/<id>, sessions/<id>) once their bytes are deleted. */
export async function forgetUploadedFiles(db: Db, prefixes: string[]): Promise<void> {
  if (prefixes.length === 0) return;
  await db.uploadedFile.deleteMany({
    where: { OR: prefixes.map((prefix) => ({ key: { startsWith: `${prefix}/` } })) },
  });
}

/**
 * Keeps bytes Parley already holds (a bot's asset, a file a person sent on a
 * channel) as an uploaded file under `prefix`, and answers its address on
 * the chat origin (`<base>/v1/files/<id>/<name>`). `name` must be a safe key
 * segment. `admit`, run once the file is recorded and before its bytes are
 * written, may refuse it (a quota): the record is then forgotten.
 */
export async function storeFileBytes(
  deps: { db: Db; files: FileStore },
  file: { prefix: string; name: string; bytes: Buffer; maxBytes: number; baseUrl: string },
  admit?: () => Promise<void>,
): Promise<{ url: string }> {
  const id = crypto.randomBytes(16).toString('hex');
  const key = `${file.prefix}/${id}/${file.name}`;
  // Recorded before the bytes are written, as "receiving" (never served): a failed write leaves a row its owner's deletion forgets.
  // Its size is known already, so a quota counts it from now on.
  await deps.db.uploadedFile.create({ data: { id, key, status: 'receiving', size: file.bytes.length } });
  if (admit) {
    try {
      await admit();
    } catch (error) {
      await deps.db.uploadedFile.delete({ where: { id } });
      throw error;
    }
  }
  const stored = await deps.files.put(key, Readable.from([file.bytes]), file.maxBytes);
  await deps.db.uploadedFile.update({ where: { id }, data: { status: 'stored', size: stored.size } });
  return { url: `${file.baseUrl.replace(/\/+$/, '')}/v1/files/${id}/${file.name}` };
}
