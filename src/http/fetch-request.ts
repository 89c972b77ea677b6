import type { Context } from 'koa';

/**
 * The Koa request as a fetch Request, for the libraries that answer those
 * (graphql-yoga, the MCP transport). The body was read by us first, within
 * our limit; its length is the Request's to set.
 */
export function fetchRequestOf(ctx: Context, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  headers.delete('content-length');
  // A Buffer is a Uint8Array, a valid body; @types/node's Buffer<ArrayBufferLike> just does not match BodyInit's ArrayBuffer views.
  return new Request(new URL(ctx.originalUrl, `http://${ctx.host || 'localhost'}`), {
    method: ctx.method,
    headers,
    body: body as unknown as BodyInit | undefined,
  });
}

/** A fetch Response answered through Koa (buffered: neither caller streams through here). */
export async function answerWith(ctx: Context, response: Response): Promise<void> {
  ctx.status = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') ctx.set(name, value);
  });
  ctx.body = Buffer.from(await response.arrayBuffer());
}
