import {
  getNamedType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationRule,
  type ValueNode,
} from 'graphql';

// The cost of an operation weighted by what it asks to read: a field taking a
// page size (`first`, `limit`) costs its selection that many times over, so
// `results(first: 100) { edges { node { transcript } } }` costs a hundred
// transcripts. graphql-armor's cost limit counts fields but not page sizes.
// A page size given by a variable counts at its maximum (validation runs
// before variables are known).

/** Page arguments and the size they count for when not written as a number. */
const PAGE_ARGUMENTS = ['first', 'limit'];
const PAGE_MAX = 100;
const PAGE_DEFAULT = 50;

/** Fields much dearer than reading a column, by `Type.field`. */
export const FIELD_WEIGHTS: Record<string, number> = {
  // A replay of the whole conversation through the engine.
  'Result.transcript': 50,
  // Aggregations over every result of a bot.
  'BotAnalytics.blocks': 20,
  'BotAnalytics.edges': 20,
  'BotAnalytics.series': 20,
  'WorkspaceAnalytics.series': 20,
};

function pageSize(value: ValueNode | undefined): number {
  if (!value) return PAGE_DEFAULT;
  if (value.kind === Kind.INT) return Math.max(1, Math.min(Number(value.value), PAGE_MAX));
  return PAGE_MAX;
}

export function operationCost(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Record<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments[selection.name.value];
      if (!fragment || seen.has(fragment.name.value)) continue;
      const type = schema.getType(fragment.typeCondition.name.value);
      if (type && isCompositeType(type))
        cost += operationCost(schema, fragment.selectionSet, type, fragments, new Set([...seen, fragment.name.value]));
      continue;
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      if (type && isCompositeType(type)) cost += operationCost(schema, selection.selectionSet, type, fragments, seen);
      continue;
    }
    if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
    const field = parent.getFields()[selection.name.value];
    if (!field) continue;
    const paged = field.args.some((arg) => PAGE_ARGUMENTS.includes(arg.name));
    const times = paged
      ? pageSize(selection.arguments?.find((arg) => PAGE_ARGUMENTS.includes(arg.name.value))?.value)
      : 1;
    const weight = FIELD_WEIGHTS[`${parent.name}.${field.name}`] ?? 1;
    const named = getNamedType(field.type);
    const below =
      selection.selectionSet && isCompositeType(named)
        ? operationCost(schema, selection.selectionSet, named, fragments, seen)
        : 0;
    cost += times * (weight + below);
  }
  return cost;
}

/** Refuses an operation whose page-weighted cost is over `maxCost`. */
export function pagedCostRule(maxCost: number): ValidationRule {
  return (context) => {
    const document = context.getDocument();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of document.definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    return {
      OperationDefinition(operation) {
        const schema = context.getSchema();
        const root =
          operation.operation === 'mutation'
            ? schema.getMutationType()
            : operation.operation === 'subscription'
              ? schema.getSubscriptionType()
              : schema.getQueryType();
        if (!root) return;
        const cost = operationCost(schema, operation.selectionSet, root, fragments);
        if (cost > maxCost) {
          context.reportError(
            new GraphQLError(`Query cost weighted by page sizes is ${cost}, over the limit of ${maxCost}`, {
              nodes: [operation],
              extensions: { code: 'BAD_REQUEST' },
            }),
          );
        }
      },
    };
  };
}
