import {
  execute,
  getNamedType,
  Kind,
  subscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { noViewerError, type GraphQLContext } from '../graphql/context';
import { findAppError, logUnexpected, toPublicError, type PublicError } from '../graphql/errors';
import { AppError } from '../errors';
import type { EventStream } from './event-body';
import { omitNulls } from './omit-null';
import type { CompiledOperations } from './operations';
import type { RestRoute } from './route';
import { rootTypeOf } from './selections';
import { buildVariables, type RequestParts } from './variables';

export type RestResult = { status: 200; body: unknown } | PublicError;

/** What every route runs against. */
export interface RouteTarget {
  schema: GraphQLSchema;
  operations: CompiledOperations;
  /** Whether input errors may say "Did you mean …?": the setting that allows /graphql's introspection. */
  suggestions: boolean;
}

function unwrap(data: unknown, keys: string[] | undefined): unknown {
  let value = data;
  for (const key of keys ?? []) value = (value as Record<string, unknown> | null)?.[key];
  return value;
}

/** What every route checks before running its operation: the caller, then the variables. */
function prepare(
  { schema, operations, suggestions }: RouteTarget,
  route: RestRoute,
  request: RequestParts,
  context: GraphQLContext,
): { operation: OperationDefinitionNode; args: ExecutionArgs } | PublicError {
  const operation = operations.byName.get(route.operation);
  if (!operation) throw new Error(`unknown operation ${route.operation}`);
  // Who is asking comes before what they ask: no valid token is a 401 even when the input is also wrong.
  if (route.auth === 'bearer' && !context.viewer) return toPublicError(noViewerError(context));
  try {
    const variableValues = buildVariables(schema, route, operation, request, { suggestions });
    return {
      operation,
      args: {
        schema,
        document: operations.document,
        operationName: route.operation,
        variableValues,
        contextValue: context,
      },
    };
  } catch (error) {
    if (error instanceof AppError) return toPublicError(error);
    throw error;
  }
}

/** Compiled chat operations by the operations they were compiled from (a server has one set; tests make many). */
const compiledOperations = new WeakMap<CompiledOperations, Map<string, CompiledQuery>>();

/**
 * The public chat routes (a visitor's every turn) run their operation
 * compiled once into a function (graphql-jit) instead of graphql-js's
 * interpretation per request (building the execution context, collecting
 * fields, checking each value against its type): the same resolvers,
 * results and errors. The builder's routes keep graphql-js: they are not hot,
 * and Pothos's Prisma plugin reads the resolve info in ways only graphql-js
 * guarantees.
 */
async function executeCompiled(target: RouteTarget, args: ExecutionArgs): Promise<ExecutionResult> {
  const name = args.operationName!;
  let byName = compiledOperations.get(target.operations);
  if (!byName) compiledOperations.set(target.operations, (byName = new Map()));
  let query = byName.get(name);
  if (!query) {
    const compiled = compileQuery(target.schema, args.document, name);
    if (!isCompiledQuery(compiled)) return compiled;
    byName.set(name, (query = compiled));
  }
  return query.query(undefined, args.contextValue, args.variableValues ?? {});
}

function failureOf(result: ExecutionResult): PublicError | undefined {
  const firstError = result.errors?.[0];
  if (!firstError) return undefined;
  const failure = toPublicError(firstError);
  // A 500 the service raised on purpose (an AI provider's refusal, a lost claim) is an answer, not a fault to log.
  if (failure.status === 500 && !findAppError(firstError)) logUnexpected(firstError);
  return failure;
}

/** Runs a route's operation in-process against the shared schema and shapes the answer. */
export async function executeRoute(
  target: RouteTarget,
  route: RestRoute,
  request: RequestParts,
  context: GraphQLContext,
): Promise<RestResult> {
  const { schema, operations } = target;
  const prepared = prepare(target, route, request, context);
  if ('status' in prepared) return prepared;
  const { operation, args } = prepared;
  const result = await (route.auth === 'none' ? executeCompiled(target, args) : execute(args));
  const failure = failureOf(result);
  if (failure) return failure;
  const body = unwrap(result.data, route.unwrap);
  if (!route.omitNull) return { status: 200, body };
  const rootType = rootTypeOf(schema, operation);
  return {
    status: 200,
    body: omitNulls(
      schema,
      operations.fragments,
      body,
      answerShape(schema, operations, operation, rootType, route.unwrap),
    ),
  };
}

/** A streaming route's events, or why it cannot start (answered as a normal error, before any event). */
export type StreamResult = { status: 200; events: EventStream } | PublicError;

/**
 * Runs a streaming route's subscription operation in-process: the same
 * checks, variables and errors as any route, then one value per event (the
 * unwrapped data). An event carrying an error ends the stream after it.
 */
export async function subscribeRoute(
  target: RouteTarget,
  route: RestRoute,
  request: RequestParts,
  context: GraphQLContext,
): Promise<StreamResult> {
  const prepared = prepare(target, route, request, context);
  if ('status' in prepared) return prepared;
  const subscription = await subscribe(prepared.args);
  if (!(Symbol.asyncIterator in subscription))
    return failureOf(subscription) ?? toPublicError(new Error('subscription did not start'));
  const shape = route.omitNull
    ? answerShape(
        target.schema,
        target.operations,
        prepared.operation,
        rootTypeOf(target.schema, prepared.operation),
        route.unwrap,
      )
    : undefined;
  const tidy = shape
    ? (value: unknown) => omitNulls(target.schema, target.operations.fragments, value, shape)
    : (value: unknown) => value;
  return { status: 200, events: routeEvents(subscription, route, tidy) };
}

/**
 * The subscription's events as the route answers them. Not an async
 * generator: a generator queues `return()` behind a pending `next()`, so a
 * client leaving a quiet stream (live results) would not end the
 * subscription behind it until its next event; here `return()` reaches it at once.
 */
function routeEvents(
  subscription: AsyncGenerator<ExecutionResult>,
  route: RestRoute,
  tidy: (value: unknown) => unknown,
): EventStream {
  let failed = false;
  const finish = async (): Promise<IteratorResult<unknown>> => {
    await subscription.return(undefined);
    return { value: undefined, done: true };
  };
  return {
    async next() {
      if (failed) return finish();
      const event = await subscription.next();
      if (event.done) return { value: undefined, done: true };
      const failure = failureOf(event.value);
      if (failure) {
        failed = true;
        return { value: { error: failure.body }, done: false };
      }
      return { value: tidy(unwrap(event.value.data, route.unwrap)), done: false };
    },
    return: finish,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
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
    if (!field || field.kind !== Kind.FIELD || !field.selectionSet)
      throw new Error(`cannot unwrap ${key} in ${operation.name?.value}`);
    // The field unwrapped through may be non-null or a list: its named type holds the next field.
    const parent = getNamedType(shape.type) as GraphQLObjectType;
    shape = { type: parent.getFields()[field.name.value]!.type, selectionSet: field.selectionSet };
  }
  return shape;
}
