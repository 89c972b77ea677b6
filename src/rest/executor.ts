import { execute, Kind, type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { noViewerError, type GraphQLContext } from '../graphql/context';
import { logUnexpected, toPublicError, type PublicError } from '../graphql/errors';
import { AppError } from '../services/errors';
import { omitNulls } from './omit-null';
import type { CompiledOperations } from './operations';
import type { RestRoute } from './route';
import { buildVariables, type RequestParts } from './variables';

export type RestResult = { status: 200; body: unknown } | PublicError;

function unwrap(data: unknown, keys: string[] | undefined): unknown {
  let value = data;
  for (const key of keys ?? []) value = (value as Record<string, unknown> | null)?.[key];
  return value;
}

/** Runs a route's operation in-process against the shared schema and shapes the answer. */
export async function executeRoute(
  schema: GraphQLSchema,
  operations: CompiledOperations,
  route: RestRoute,
  request: RequestParts,
  context: GraphQLContext,
): Promise<RestResult> {
  const operation = operations.byName.get(route.operation);
  if (!operation) throw new Error(`unknown operation ${route.operation}`);
  // Who is asking comes before what they ask: no valid token is a 401 even when the input is also wrong.
  if (route.auth === 'bearer' && !context.viewer) return toPublicError(noViewerError(context));
  let variableValues: Record<string, unknown>;
  try {
    variableValues = buildVariables(schema, route, operation, request);
  } catch (error) {
    if (error instanceof AppError) return toPublicError(error);
    throw error;
  }
  const result = await execute({
    schema,
    document: operations.document,
    operationName: route.operation,
    variableValues,
    contextValue: context,
  });
  const firstError = result.errors?.[0];
  if (firstError) {
    const failure = toPublicError(firstError);
    if (failure.status === 500) logUnexpected(firstError);
    return failure;
  }
  const body = unwrap(result.data, route.unwrap);
  if (!route.omitNull) return { status: 200, body };
  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  return { status: 200, body: omitNulls(schema, operations.fragments, body, answerShape(schema, operations, operation, rootType, route.unwrap)) };
}

/** The GraphQL type and selection of the part of the data a route answers with. */
function answerShape(
  schema: GraphQLSchema,
  operations: CompiledOperations,
  operation: OperationDefinitionNode,
  rootType: GraphQLObjectType,
  keys: string[] | undefined,
) {
  let shape = { type: rootType as Parameters<typeof omitNulls>[3]['type'], selectionSet: operation.selectionSet };
  for (const key of keys ?? []) {
    const field = shape.selectionSet.selections.find(
      (selection) => selection.kind === Kind.FIELD && (selection.alias?.value ?? selection.name.value) === key,
    );
    if (!field || field.kind !== Kind.FIELD || !field.selectionSet) throw new Error(`cannot unwrap ${key} in ${operation.name?.value}`);
    const parent = schema.getType((shape.type as { name: string }).name) as GraphQLObjectType;
    shape = { type: parent.getFields()[field.name.value]!.type, selectionSet: field.selectionSet };
  }
  return shape;
}
