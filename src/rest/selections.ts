import {
  isCompositeType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export interface SelectedField {
  /** Undefined for `__typename`. */
  field?: GraphQLField<unknown, unknown>;
  selectionSet?: SelectionSetNode;
}

function fieldsOf(type: GraphQLCompositeType): Record<string, GraphQLField<unknown, unknown>> {
  return 'getFields' in type ? type.getFields() : {};
}

/**
 * The fields a selection set asks for, by response key (alias or name), with
 * fragment spreads and inline fragments flattened against their type
 * conditions. Both the OpenAPI generator and the REST answer shaping read
 * operations this way.
 */
export function collectFields(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  into = new Map<string, SelectedField>(),
): Map<string, SelectedField> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      if (selection.name.value === '__typename') into.set(key, {});
      const field = fieldsOf(parent)[selection.name.value];
      if (field) into.set(key, { field, selectionSet: selection.selectionSet });
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value)! : selection;
    const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
    collectFields(
      schema,
      fragments,
      fragment.selectionSet,
      condition && isCompositeType(condition) ? condition : parent,
      into,
    );
  }
  return into;
}

/** The root type an operation selects from (query, mutation or subscription). */
export function rootTypeOf(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLObjectType {
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root)
    throw new Error(
      `the schema has no ${operation.operation} type (operation ${operation.name?.value ?? '(anonymous)'})`,
    );
  return root;
}
