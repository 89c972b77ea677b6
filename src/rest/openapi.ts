import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type FragmentDefinitionNode,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { CompiledOperations } from './operations';
import { collectFields, rootTypeOf } from './selections';
import { variableSource, type RestRoute } from './route';

// The OpenAPI document is derived, never written by hand: paths and methods
// from the route table, parameters and bodies from each operation's variables,
// response bodies from its selection set over the schema's types.

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (issues name each field) or a request the current state refuses',
  401: 'Missing, malformed, unknown or revoked bearer token',
  403: 'Your role in the workspace does not allow this',
  404: 'Not found, or not in one of your workspaces',
  409: 'expectedVersion names another version than the current one: someone saved meanwhile (reload, or send again without it)',
  412: 'If-Match names another version than the current one: someone saved meanwhile (reload, or save without If-Match to overwrite)',
  413: 'Request body larger than the limit',
  429: 'Too many live streams open for your user or your address (the message names the limit): close one and retry',
  500: 'Internal server error',
};

function scalarSchema(name: string, description?: string | null): JsonSchema {
  const base: JsonSchema = description ? { description } : {};
  switch (name) {
    case GraphQLString.name:
    case GraphQLID.name:
      return { ...base, type: 'string' };
    case GraphQLInt.name:
      return { ...base, type: 'integer' };
    case GraphQLFloat.name:
      return { ...base, type: 'number' };
    case GraphQLBoolean.name:
      return { ...base, type: 'boolean' };
    case 'DateTime':
      return { ...base, type: 'string', format: 'date-time' };
    default:
      return base; // JSON: any value
  }
}

function nullable(schema: JsonSchema, isNullable: boolean): JsonSchema {
  return isNullable ? { ...schema, nullable: true } : schema;
}

function inputSchema(type: GraphQLInputType): JsonSchema {
  if (isNonNullType(type)) return inputSchemaOf(type.ofType as GraphQLInputType, false);
  return inputSchemaOf(type, true);
}

function inputSchemaOf(type: GraphQLInputType, isNullable: boolean): JsonSchema {
  if (isListType(type))
    return nullable({ type: 'array', items: inputSchema(type.ofType as GraphQLInputType) }, isNullable);
  if (isEnumType(type))
    return nullable({ type: 'string', enum: type.getValues().map((value) => value.name) }, isNullable);
  if (isScalarType(type)) return nullable(scalarSchema(type.name, type.description), isNullable);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return nullable(
      {
        type: 'object',
        properties: Object.fromEntries(fields.map((field) => [field.name, inputSchema(field.type)])),
        required: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
      },
      isNullable,
    );
  }
  return {};
}

class OutputSchemas {
  constructor(
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly schema: GraphQLSchema,
  ) {}

  forType(type: GraphQLOutputType, selection: SelectionSetNode | undefined): JsonSchema {
    if (isNonNullType(type)) return this.forTypeOf(type.ofType, selection, false);
    return this.forTypeOf(type, selection, true);
  }

  private forTypeOf(type: GraphQLOutputType, selection: SelectionSetNode | undefined, isNullable: boolean): JsonSchema {
    if (isListType(type)) return nullable({ type: 'array', items: this.forType(type.ofType, selection) }, isNullable);
    if (isEnumType(type))
      return nullable({ type: 'string', enum: type.getValues().map((value) => value.name) }, isNullable);
    if (isScalarType(type)) return nullable(scalarSchema(type.name), isNullable);
    if (isObjectType(type) && selection) return nullable(this.forSelection(type, selection), isNullable);
    return {};
  }

  forSelection(parent: GraphQLObjectType, selectionSet: SelectionSetNode): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    for (const [key, { field, selectionSet: nested }] of collectFields(
      this.schema,
      this.fragments,
      selectionSet,
      parent,
    )) {
      if (!field) {
        properties[key] = { type: 'string' };
        continue;
      }
      const fieldSchema = this.forType(field.type, nested);
      properties[key] = field.description ? { ...fieldSchema, description: field.description } : fieldSchema;
    }
    const required = Object.keys(properties);
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
}

function unwrapSchema(schema: JsonSchema, keys: string[] | undefined): JsonSchema {
  let current = schema;
  for (const key of keys ?? []) {
    const { nullable: _ignored, ...next } = (current.properties as Record<string, JsonSchema>)[key]!;
    current = next;
  }
  return current;
}

/** Routes with omitNull leave nullable fields out instead of sending null. */
function absentInsteadOfNull(schema: JsonSchema): JsonSchema {
  if (schema.type === 'array' && schema.items)
    return { ...schema, items: absentInsteadOfNull(schema.items as JsonSchema) };
  if (schema.type !== 'object' || !schema.properties) return schema;
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !properties[key]!.nullable);
  const cleaned = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => {
      const { nullable: _dropped, ...rest } = property;
      return [key, absentInsteadOfNull(rest)];
    }),
  );
  return { ...schema, properties: cleaned, ...(required.length ? { required } : {}) };
}

const SECURITY: Record<RestRoute['auth'], unknown[]> = {
  bearer: [{ bearerAuth: [] }],
  none: [],
  optional: [{}, { bearerAuth: [] }],
  link: [],
};

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['code', 'message', 'issues'],
  properties: {
    code: {
      type: 'string',
      enum: [
        'BAD_REQUEST',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'INTERNAL_SERVER_ERROR',
      ],
    },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string' },
          path: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
        },
      },
    },
  },
};

/** The answer's schema without the version the ETag header carries. */
function withoutVersion(schema: JsonSchema, keys: string[] | undefined): JsonSchema {
  if (!keys?.length) return schema;
  const [key, ...rest] = keys;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties?.[key!]) return schema;
  if (rest.length > 0)
    return { ...schema, properties: { ...properties, [key!]: withoutVersion(properties[key!]!, rest) } };
  const { [key!]: _version, ...others } = properties;
  const required = (schema.required as string[] | undefined)?.filter((name) => name !== key);
  return { ...schema, properties: others, ...(required ? { required } : {}) };
}

export function buildOpenApi(schema: GraphQLSchema, operations: CompiledOperations, routes: RestRoute[]): JsonSchema {
  const outputs = new OutputSchemas(operations.fragments, schema);
  const paths: Record<string, Record<string, unknown>> = {};
  const usedStatuses = new Set<number>();

  for (const route of routes) {
    const operation = operations.byName.get(route.operation);
    if (!operation) throw new Error(`route ${route.method} ${route.path}: unknown operation ${route.operation}`);
    const parameters: JsonSchema[] = [];
    const bodyProperties: Record<string, JsonSchema> = {};
    const bodyRequired: string[] = [];
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const type = typeFromAST(schema, definition.type) as GraphQLInputType;
      const source = variableSource(route, name);
      if (route.etag?.ifMatch === name) {
        parameters.push({
          name: 'If-Match',
          in: 'header',
          required: false,
          description: 'The ETag of the version this change was made on ("12"): another current version answers 412.',
          schema: { type: 'string' },
        });
      } else if (source === 'body') {
        bodyProperties[name] = inputSchema(type);
        if (isNonNullType(type)) bodyRequired.push(name);
      } else {
        const { nullable: _ignored, ...paramSchema } = inputSchema(type);
        parameters.push({ name, in: source, required: source === 'path' || isNonNullType(type), schema: paramSchema });
      }
    }
    const rootType = rootTypeOf(schema, operation);
    const fullSchema = unwrapSchema(outputs.forSelection(rootType, operation.selectionSet), route.unwrap);
    const responseSchema = withoutVersion(
      route.omitNull ? absentInsteadOfNull(fullSchema) : fullSchema,
      route.etag?.version,
    );
    const statuses = new Set(route.errors);
    const hasBody = route.method === 'POST' || route.method === 'PATCH';
    if (hasBody) statuses.add(413);
    const success =
      route.stream === 'export'
        ? {
            description:
              'The export as a download, streamed row by row: CSV (format=csv, header first) or NDJSON (format=ndjson, one object per result)',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/x-ndjson': { schema: { type: 'string' } },
            },
          }
        : route.stream
          ? {
              description:
                'Server-sent events: each `data:` line holds one event as JSON (this schema); an error ends the stream as {error}',
              content: { 'text/event-stream': { schema: responseSchema } },
            }
          : {
              description: 'Success',
              ...(route.etag
                ? {
                    headers: {
                      ETag: {
                        description:
                          'The version of the resource answered ("12"); send it back as If-Match to update that version only.',
                        schema: { type: 'string' },
                      },
                    },
                  }
                : {}),
              content: { 'application/json': { schema: responseSchema } },
            };
    const responses: Record<string, unknown> = { '200': success };
    for (const status of [...statuses].sort()) {
      usedStatuses.add(status);
      responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
    }
    const pathItem = (paths[route.path] ??= {});
    pathItem[route.method.toLowerCase()] = {
      operationId: route.operation,
      summary: route.summary,
      tags: [route.tag],
      security: SECURITY[route.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(hasBody
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: route.wholeBody
                    ? { type: 'object', description: 'Any JSON object', additionalProperties: true }
                    : {
                        type: 'object',
                        properties: bodyProperties,
                        ...(bodyRequired.length ? { required: bodyRequired } : {}),
                      },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Parley API',
      version: '1.0.0',
      description:
        'Builder endpoints (bearer token) and chat runtime of Parley. Every route runs a GraphQL operation of /graphql.',
    },
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        [...usedStatuses].sort().map((status) => [
          `Error${status}`,
          {
            description: ERROR_DESCRIPTIONS[status] ?? 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
