// Errors are values with a code, raised by services and resolvers. The GraphQL
// layer carries them in `extensions`; the REST layer maps them to HTTP once.

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

export type IssuePath = (string | number)[];

export interface Issue {
  message: string;
  path?: IssuePath;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const INVALID_INPUT = 'Invalid input data';

export const badRequest = (message: string, issues: Issue[] = []) => new AppError('BAD_REQUEST', message, issues);
export const invalidInput = (issues: Issue[]) => new AppError('BAD_REQUEST', INVALID_INPUT, issues);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = () => new AppError('FORBIDDEN', 'Insufficient access');
export const unauthorized = (message = 'Authorization not provided') => new AppError('UNAUTHORIZED', message);

/** HTTP status for each code; the only place this mapping exists. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in STATUS_BY_CODE;
}
