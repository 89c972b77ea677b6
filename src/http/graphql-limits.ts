import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rewordedError } from '../graphql/errors';
import { stripSuggestion } from '../graphql/suggestions';
import { pagedCostRule } from './paged-cost';

/** Per-operation bounds checked before execution (docs/configuration.md). */
export interface GraphQLLimits {
  maxAliases: number;
  maxDepth: number;
  maxDirectives: number;
  maxTokens: number;
  maxCost: number;
  /** The cost with list fields weighted by their page size (src/http/paged-cost.ts). */
  maxPagedCost: number;
  /** Bytes of the query text alone; variables (a bot definition) are bounded by the body limit. */
  maxQueryBytes: number;
  /**
   * Introspection, and with it the "Did you mean …?" of validation errors:
   * suggestions would spell out a schema whose introspection is off.
   */
  introspection: boolean;
}

/** Every operation refused by a limit answers with this code, like any other bad document. */
function badRequest<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError) || error.extensions.code) return error;
  return rewordedError(error, error.message, { ...error.extensions, code: 'BAD_REQUEST' }, error.originalError);
}

function withoutSuggestion(error: GraphQLError): GraphQLError {
  const message = stripSuggestion(error.message);
  if (message === error.message) return error;
  return rewordedError(error, message, error.extensions, error.originalError);
}

/** Validation errors (limits included) carry `BAD_REQUEST` in extensions. */
function validationErrorsAreBadRequests(suggestions: boolean): Plugin {
  return {
    onValidate:
      () =>
      ({ result, setResult }) => {
        if (result.length > 0)
          setResult(result.map((error) => (suggestions ? badRequest(error) : withoutSuggestion(badRequest(error)))));
      },
  };
}

/** The query text is bounded on its own, before parsing; variables only by the body limit. */
function maxQueryBytes(limit: number): Plugin {
  return {
    onParams: ({ params }) => {
      if (typeof params.query === 'string' && Buffer.byteLength(params.query) > limit) {
        throw new GraphQLError(`Query text exceeds the limit of ${limit} bytes`, {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      }
    },
  };
}

/** Tokens are counted while parsing: a parse-time refusal carries the same code as validation refusals. */
function parseErrorsAreBadRequests(): Plugin {
  return {
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError) replaceParseResult(badRequest(result));
      },
  };
}

/**
 * graphql-armor throws its refusal out of validation (stopping at the first
 * limit hit, which keeps a 3,000-alias query cheap); we throw the same error
 * with our code instead.
 */
const refuseAsBadRequest = {
  propagateOnRejection: false,
  onReject: [
    (_context: unknown, error: GraphQLError) => {
      throw badRequest(error);
    },
  ],
};

/** The validation rules of the limits (shared with the test that every REST operation fits under them). */
export function graphqlLimitRules(limits: GraphQLLimits): ValidationRule[] {
  const rules: ValidationRule[] = [
    maxAliasesRule({ n: limits.maxAliases, ...refuseAsBadRequest }),
    maxDepthRule({ n: limits.maxDepth, flattenFragments: true, ...refuseAsBadRequest }),
    maxDirectivesRule({ n: limits.maxDirectives, ...refuseAsBadRequest }),
    costLimitRule({ maxCost: limits.maxCost, ...refuseAsBadRequest }),
    pagedCostRule(limits.maxPagedCost),
  ];
  if (!limits.introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

export function graphqlLimitPlugins(limits: GraphQLLimits): Plugin[] {
  const rules = graphqlLimitRules(limits);
  return [
    maxQueryBytes(limits.maxQueryBytes),
    maxTokensPlugin({ n: limits.maxTokens }),
    parseErrorsAreBadRequests(),
    { onValidate: ({ addValidationRule }) => rules.forEach(addValidationRule) },
    validationErrorsAreBadRequests(limits.introspection),
  ];
}
