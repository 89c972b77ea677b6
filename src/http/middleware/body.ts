import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import type { Context, Middleware } from 'koa';
import { AppError, badRequest, invalidInput } from '../../errors';
import { assertJsonDepth } from './json-depth';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the whole body within `limit` bytes: 413 (error object) beyond it. */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await getRawBody(req, { limit, length: req.headers['content-length'] });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    }
    throw badRequest('Could not read the request body');
  }
}

export function unsupportedMediaType(ctx: Context): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Type must be application/json (got ${ctx.get('content-type') ? `"${ctx.get('content-type')}"` : 'none'})`,
  );
}

/** Parses a JSON object body into ctx.state.body; an empty body is `{}`; a body of another media type is 415. */
export function jsonBody(limit: number | ((ctx: Context) => Promise<number>)): Middleware {
  return async (ctx, next) => {
    const raw = (await readRawBody(ctx.req, typeof limit === 'number' ? limit : await limit(ctx))).toString('utf8');
    if (raw.trim() === '') {
      ctx.state.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) throw unsupportedMediaType(ctx);
    assertJsonDepth(raw);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw invalidInput([{ message: `Malformed JSON: ${(error as Error).message}` }]);
    }
    if (!isRecord(parsed)) throw invalidInput([{ message: 'The body must be a JSON object' }]);
    ctx.state.body = parsed;
    return next();
  };
}
