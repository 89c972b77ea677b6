import type { Readable } from 'node:stream';

// Where uploaded files live: behind this interface, the local disk (default)
// or, later, an S3-compatible bucket. Keys are paths of safe segments chosen
// by the caller ("results/<resultId>/<fileId>/<name>"), never visitor text.

export interface StoredFile {
  body: Readable;
  size: number;
}

export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

export interface FileStore {
  /**
   * Stores `body` under `key`, refusing it (FileTooLarge, nothing kept) past
   * `maxBytes`; a partial upload never becomes visible.
   */
  put(key: string, body: Readable, maxBytes: number): Promise<{ size: number }>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes every file whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}
