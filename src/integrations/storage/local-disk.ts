import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store';
import { sizeLimit } from './size-limit';

const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** A key as a path under `root`; keys with anything but safe segments (or "..") are refused. */
function pathOf(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new Error(`unsafe storage key ${key}`);
  return path.join(root, ...key.split('/'));
}

/** Files under a directory (default: uploads/ beside the SQLite database). */
export function localDiskStore(root: string): FileStore {
  return {
    async put(key, body: Readable, maxBytes) {
      const target = pathOf(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target, then renamed: readers never see half a file.
      const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
      const counted = { bytes: 0 };
      try {
        await pipeline(body, sizeLimit(maxBytes, counted), fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
        return { size: counted.bytes };
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(root, key);
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async deletePrefix(prefix) {
      await fs.promises.rm(pathOf(root, prefix), { recursive: true, force: true });
    },
  };
}
