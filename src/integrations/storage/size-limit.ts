import { Transform } from 'node:stream';
import { FileTooLarge } from './file-store';

/** Counts bytes on the way through and fails the stream past `maxBytes`. */
export function sizeLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new FileTooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
}
