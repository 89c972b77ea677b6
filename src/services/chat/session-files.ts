import type { Db } from '../../db/client';
import type { FileStore } from '../../integrations/storage/file-store';
import { forgetUploadedFiles } from '../uploaded-files';

// Files uploaded in a session that has no result (previews) are kept under
// sessions/<id>/ and go with the session when the sweep removes it expired
// (such a session outlives its flow's end, as the reference's does). Result
// files go with their result (services/results.ts).

/** Deletes the files of these sessions; a failure is logged, never thrown (the session itself is already gone). */
export async function deleteSessionFiles(db: Db, files: FileStore | undefined, sessionIds: string[]): Promise<void> {
  if (!files || sessionIds.length === 0) return;
  const deleted: string[] = [];
  for (const id of sessionIds) {
    try {
      await files.deletePrefix(`sessions/${id}`);
      deleted.push(`sessions/${id}`);
    } catch (error) {
      console.error(`[parley] deleting the files of session ${id} failed:`, error);
    }
  }
  await forgetUploadedFiles(db, deleted).catch((error: unknown) =>
    console.error('[parley] forgetting deleted session files failed:', error),
  );
}
