import { execute, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from '../graphql/context';
import { findAppError, logUnexpected, toPublicError, type PublicError } from '../graphql/errors';
import type { CompiledOperations } from '../rest/operations';

/** What a tool's operation answered instead of data: the API's error object, with the HTTP status REST would give it. */
export class OperationFailure extends Error {
  constructor(readonly failure: PublicError) {
    super(failure.body.message);
  }
}

/** Runs one named operation for the caller a tool call acts for. */
export type RunOperation = (name: string, variables?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * Binds the compiled operations to a context maker: each call gets a fresh
 * context (memberships are read per call, as per request on REST), so a
 * long stdio session sees a role change at its next tool call.
 */
export function operationRunner(
  schema: GraphQLSchema,
  operations: CompiledOperations,
  contextOf: () => Promise<GraphQLContext>,
): RunOperation {
  return async (name, variables = {}) => {
    if (!operations.byName.has(name)) throw new Error(`unknown operation ${name}`);
    const result = await execute({
      schema,
      document: operations.document,
      operationName: name,
      variableValues: variables,
      contextValue: await contextOf(),
    });
    const first = result.errors?.[0];
    if (first) {
      const failure = toPublicError(first);
      if (failure.status === 500 && !findAppError(first)) logUnexpected(first);
      throw new OperationFailure(failure);
    }
    return (result.data ?? {}) as Record<string, unknown>;
  };
}
