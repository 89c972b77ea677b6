import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { FileTooLarge, type FileStore } from './file-store';
import { sizeLimit } from './size-limit';

// Files in any S3-compatible bucket (AWS, MinIO, R2, ...) through the AWS SDK
// v3. The bytes still pass through Parley (its sealed upload URL, its size
// limit), streamed to the bucket as they come: multipart only when large.

export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS service (MinIO): its URL. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  /** Keys go under this prefix in the bucket. */
  prefix?: string;
}

export function s3Store(settings: S3Settings): FileStore {
  const config: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey)
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  const full = (key: string) => (settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/${key}` : key);

  return {
    async put(key, body, maxBytes) {
      const counted = { bytes: 0 };
      const limited = body.pipe(sizeLimit(maxBytes, counted));
      // A refused body must fail the upload too (pipe does not forward errors).
      body.once('error', (error) => limited.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: full(key), Body: limited },
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // An upload stopped by the size limit is aborted: no object, no parts left behind.
        if (counted.bytes > maxBytes) throw new FileTooLarge(maxBytes);
        throw error;
      }
      return { size: counted.bytes };
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        if (!(object.Body instanceof Readable)) return null;
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${full(prefix)}/`, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
