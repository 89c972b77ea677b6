import { SQLITE_BUSY_TIMEOUT_MS } from '../client';
import type { DatabaseTarget } from '../database-url';
import { postgresBulkResultWriter } from './postgres';
import { sqliteBulkResultWriter } from './sqlite';
import type { BulkResultWriter } from './types';

export type * from './types';

/** A writer of results in bulk on the database `target` names (its own connection: close it). */
export function openBulkResultWriter(target: DatabaseTarget): BulkResultWriter {
  return target.provider === 'sqlite'
    ? sqliteBulkResultWriter(target.location, SQLITE_BUSY_TIMEOUT_MS)
    : postgresBulkResultWriter(target.location);
}
