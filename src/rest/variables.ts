import {
  coerceInputValue,
  getNamedType,
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { invalidInput, type Issue } from '../errors';
import { stripSuggestion } from '../graphql/suggestions';
import { variableSource, type RestRoute } from './route';

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** Query strings and path segments carry text; numbers and booleans are read by the variable's declared type. */
function fromQueryString(raw: string | string[], type: GraphQLInputType): unknown {
  const unwrapped = isNonNullType(type) ? type.ofType : type;
  if (isListType(unwrapped)) {
    const values = Array.isArray(raw) ? raw : raw.split(',');
    return values.map((value) => fromQueryString(value, unwrapped.ofType));
  }
  const text = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
  const named = getNamedType(unwrapped);
  if ((named === GraphQLInt || named === GraphQLFloat) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (named === GraphQLBoolean && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * Builds the operation's variables from the request and coerces them with
 * GraphQL's own rules, so that a wrong type or a missing field becomes a 400
 * whose issues name the field (variable names are the REST field names).
 * Keys the operation does not declare are ignored. Without `suggestions`,
 * the issues keep no "Did you mean …?", as /graphql's errors then keep none.
 */
export function buildVariables(
  schema: GraphQLSchema,
  route: RestRoute,
  operation: OperationDefinitionNode,
  request: RequestParts,
  options: { suggestions: boolean },
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType;
    const source = variableSource(route, name);
    let value: unknown;
    if (source === 'path')
      value = request.params[name] === undefined ? undefined : fromQueryString(request.params[name], type);
    else if (source === 'query')
      value = request.query[name] === undefined ? undefined : fromQueryString(request.query[name]!, type);
    else value = route.wholeBody === name ? request.body : request.body[name];
    if (value === undefined) {
      if (isNonNullType(type)) issues.push({ message: 'is required', path: [name] });
      continue;
    }
    // GraphQL's ID also accepts integers; a REST body documents IDs as strings (OpenAPI type string).
    if (source === 'body' && typeof value === 'number' && (isNonNullType(type) ? type.ofType : type) === GraphQLID) {
      issues.push({ message: 'must be a string', path: [name] });
      continue;
    }
    // Coerced here only to report problems field by field; execution coerces the raw value itself.
    coerceInputValue(value, type, (path, _invalid, error) => {
      issues.push({
        message: options.suggestions ? error.message : stripSuggestion(error.message),
        path: [name, ...path],
      });
    });
    variables[name] = value;
  }
  if (issues.length > 0) throw invalidInput(issues);
  return variables;
}
