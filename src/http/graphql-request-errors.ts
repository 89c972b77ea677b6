import { GraphQLError, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { rewordedError } from '../graphql/errors';
import { stripSuggestion } from '../graphql/suggestions';

/**
 * Errors raised before execution begins (a variable value of the wrong type:
 * an unknown enum value, an Int past 32 bits, an object for an ID) answer
 * without `data`, per the GraphQL spec: the request is at fault, never the
 * server. They carry `BAD_REQUEST` like validation errors and keep the 400
 * yoga's executor gives them. graphql-js puts the scalar's or enum's own error
 * in `originalError`, which made the mask log them and answer
 * INTERNAL_SERVER_ERROR; rewritten without it, the mask passes them on as
 * GraphQL's own errors.
 */
export function requestErrorsAreBadRequests(suggestions: boolean): Plugin {
  const rewrite = (result: ExecutionResult): ExecutionResult | undefined => {
    if ('data' in result || !result.errors?.length) return undefined;
    return { ...result, errors: result.errors.map((error) => asBadRequest(error, suggestions)) };
  };
  return {
    onExecute: () => ({
      onExecuteDone: ({ result, setResult }) => {
        const rewritten = isAsyncIterable(result) ? undefined : rewrite(result);
        if (rewritten) setResult(rewritten);
      },
    }),
    onSubscribe: () => ({
      onSubscribeResult: ({ result, setResult }) => {
        const rewritten = isAsyncIterable(result) ? undefined : rewrite(result);
        if (rewritten) setResult(rewritten);
      },
    }),
  };
}

/** Only GraphQL's own refusals: one already coded, or caused by anything but GraphQL (a service, a bug), stays as it is. */
function asBadRequest(error: GraphQLError, suggestions: boolean): GraphQLError {
  if (error.extensions.code !== undefined || !raisedByGraphQL(error)) return error;
  const message = suggestions ? error.message : stripSuggestion(error.message);
  return rewordedError(error, message, { ...error.extensions, code: 'BAD_REQUEST' });
}

function raisedByGraphQL(error: Error): boolean {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError ? raisedByGraphQL(error.originalError) : true;
}
