import { GraphQLError, type GraphQLErrorExtensions } from 'graphql';
import { AppError, isErrorCode, STATUS_BY_CODE, type ErrorCode, type Issue } from '../errors';

/** What a client may see of any error: the documented error object. */
export interface PublicError {
  status: number;
  body: { code: ErrorCode; message: string; issues: Issue[] };
}

const INTERNAL: PublicError = {
  status: 500,
  body: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', issues: [] },
};

export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof AppError) return current;
    current = current instanceof GraphQLError ? current.originalError : undefined;
  }
  return undefined;
}

/** Maps any error raised while executing an operation to the public error object; unknown errors are masked. */
export function toPublicError(error: unknown): PublicError {
  const appError = findAppError(error);
  if (appError) {
    return {
      status: STATUS_BY_CODE[appError.code],
      body: { code: appError.code, message: appError.message, issues: appError.issues },
    };
  }
  if (error instanceof GraphQLError && isErrorCode(error.extensions.code)) {
    const code = error.extensions.code;
    const issues = Array.isArray(error.extensions.issues) ? (error.extensions.issues as Issue[]) : [];
    return { status: STATUS_BY_CODE[code], body: { code, message: error.message, issues } };
  }
  return INTERNAL;
}

/**
 * graphql-yoga `maskError`: AppErrors keep their message with `code` and
 * `issues` in extensions; GraphQL's own errors (syntax, validation, variable
 * coercion) pass unchanged; anything else is logged and masked.
 */
export function maskError(error: unknown): Error {
  const appError = findAppError(error);
  const located = error instanceof GraphQLError ? error : undefined;
  if (appError) {
    return new GraphQLError(appError.message, {
      nodes: located?.nodes,
      path: located?.path,
      extensions: { code: appError.code, issues: appError.issues },
    });
  }
  if (located && !located.originalError) return located;
  logUnexpected(error);
  return new GraphQLError(INTERNAL.body.message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: { code: INTERNAL.body.code, issues: [] },
  });
}

export function logUnexpected(error: unknown): void {
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  console.error('[parley] unexpected error:', original);
}

/**
 * The same error, where it was raised (nodes, source, positions, path), with another message and extensions;
 * its original error only when given (without one, yoga's mask takes it as GraphQL's own).
 */
export function rewordedError(
  error: GraphQLError,
  message: string,
  extensions: GraphQLErrorExtensions,
  originalError?: Error | null,
): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError,
    extensions,
  });
}
