import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of an S3-compatible service (path-style addressing), just
// enough of the API for Parley's file store: PutObject, GetObject,
// ListObjectsV2 and DeleteObjects. Objects are kept in memory.

export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, Buffer>;
  /** Request lines received ("PUT /bucket/key"), to see what the store asked for. */
  requests: string[];
  close(): Promise<void>;
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The payload of an `aws-chunked` body (chunk size;signature CRLF data CRLF ... 0-chunk, trailers). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    const size = parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startFakeS3(bucket = 'parley-test'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (bucketName !== bucket) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      const body = Buffer.concat(chunks);
      if (request.method === 'PUT' && key) {
        objects.set(
          key,
          String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ? decodeAwsChunked(body) : body,
        );
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === 'GET' && key) {
        const object = objects.get(key);
        if (!object)
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        else
          response
            .writeHead(200, { 'content-length': object.length, 'content-type': 'application/octet-stream' })
            .end(object);
      } else if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((candidate) => candidate.startsWith(prefix));
        const contents = keys
          .map(
            (candidate) =>
              `<Contents><Key>${xmlEscape(candidate)}</Key><Size>${objects.get(candidate)!.length}</Size></Contents>`,
          )
          .join('');
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
          );
      } else if (request.method === 'POST' && url.searchParams.has('delete')) {
        const deleted = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
          match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
        );
        for (const candidate of deleted) objects.delete(candidate);
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><DeleteResult></DeleteResult>');
      } else {
        response
          .writeHead(400, { 'content-type': 'application/xml' })
          .end('<Error><Code>NotImplemented</Code></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
