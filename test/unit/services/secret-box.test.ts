import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSecretBox,
  KEY_FILE,
  loadEncryptionKey,
  parseEncryptionKey,
} from '../../../src/services/credentials/secret-box';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it('round-trips JSON with a new nonce every time', () => {
    const first = box.seal({ password: 'secret' });
    const second = box.seal({ password: 'secret' });
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
    expect(box.open(first)).toEqual({ password: 'secret' });
  });

  it('refuses tampered data and another key', () => {
    const sealed = box.seal({ password: 'secret' });
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
    expect(() => box.open({ ...sealed, data: bytes.toString('base64') })).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 4)).open(sealed)).toThrow();
  });
});

describe('encryption key', () => {
  it('is generated once into the data directory of the embedded default, readable by the owner only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-key-'));
    const lines: string[] = [];
    const first = loadEncryptionKey({ dataDirectory: dir }, (line) => lines.push(line));
    const second = loadEncryptionKey({ dataDirectory: dir }, (line) => lines.push(line));
    expect(first.equals(second)).toBe(true);
    expect(lines).toEqual([expect.stringContaining(path.join(dir, KEY_FILE))]);
    expect(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('must be configured on PostgreSQL, and be 32 bytes of base64', () => {
    expect(() => loadEncryptionKey({}, () => undefined)).toThrow('PARLEY_ENCRYPTION_KEY must be set on PostgreSQL');
    expect(() => parseEncryptionKey('c2hvcnQ=')).toThrow(
      'PARLEY_ENCRYPTION_KEY must be 32 bytes in base64 (got 5 bytes)',
    );
    const configured = Buffer.alloc(32, 9).toString('base64');
    expect(
      loadEncryptionKey({ configured, dataDirectory: '/nonexistent' }, () => undefined).equals(Buffer.alloc(32, 9)),
    ).toBe(true);
  });
});
