import type { Db } from '../db/client';

/** Forgets the uploaded files kept under these prefixes (results/<id>, sessions/<id>) once their bytes are deleted. */
export async function forgetUploadedFiles(db: Db, prefixes: string[]): Promise<void> {
  if (prefixes.length === 0) return;
  await db.uploadedFile.deleteMany({
    where: { OR: prefixes.map((prefix) => ({ key: { startsWith: `${prefix}/` } })) },
  });
}
