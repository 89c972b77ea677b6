import path from 'node:path';
import { DatabaseSetupError } from './setup-error';

export type Provider = 'sqlite' | 'postgresql';

export interface DatabaseTarget {
  provider: Provider;
  /** SQLite: absolute file path. PostgreSQL: the connection string. */
  location: string;
}

/** Reads DATABASE_URL: `file:<path>` (relative to the working directory) or `postgres(ql)://`. */
export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseTarget {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { provider: 'postgresql', location: url };
  }
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length).split('?')[0] ?? '';
    if (file === '') throw new DatabaseSetupError('DATABASE_URL "file:" needs a path, e.g. file:./data/parley.db');
    return { provider: 'sqlite', location: path.resolve(cwd, file) };
  }
  let shown: string;
  try {
    // Never echo a password: "mysql://user:secret@host/db" is still a credential.
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    shown = parsed.toString();
  } catch {
    shown = url.includes('@') ? '<hidden: contains credentials>' : url;
  }
  throw new DatabaseSetupError(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${shown}")`);
}
