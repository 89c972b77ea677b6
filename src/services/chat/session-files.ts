import type { Db } from '../../db/client';
import type { FileStore } from '../../integrations/storage/file-store';
import { forgetUploadedFiles } from '../uploaded-files';

// Files uploaded in a session that has no result (previews, sessions whose bot
// saves no results) are kept under sessions/<id>/ and go with the session:
// when its flow ends, and when the sweep removes it expired. Result files go
// with their result (services/results.ts).

/** Deletes the files of these sessions; a failure is logged, never thrown (the session itself is already gone). */
export async function deleteSessionFiles(db: Db, files: FileStore | undefined, sessionIds: string[]): Promise<void> {
  if (!files) return;
  for (const id of sessionIds) {
    try {
      await files.deletePrefix(`sessions/${id}`);
      await forgetUploadedFiles(db, [`sessions/${id}`]);
    } catch (error) {
      console.error(`[parley] deleting the files of session ${id} failed:`, error);
    }
  }
}
