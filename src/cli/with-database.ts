import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { migrate } from '../db/migrate';

/** Opens (and migrates) the configured database for one CLI command. */
export async function withDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const database = openDatabase(loadConfig().database.url);
  try {
    await migrate(database.target);
    return await run(database.db);
  } finally {
    await database.close();
  }
}
