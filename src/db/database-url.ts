import path from 'node:path';

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
    if (file === '') throw new Error('DATABASE_URL "file:" needs a path, e.g. file:./data/parley.db');
    return { provider: 'sqlite', location: path.resolve(cwd, file) };
  }
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url}")`);
}
