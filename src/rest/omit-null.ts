import {
  getNamedType,
  isCompositeType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

// REST answers of the chat runtime leave out what does not apply (no resultId,
// no input...) where GraphQL says null. Only fields of GraphQL object types are
// dropped: null values inside open JSON documents are data and stay.

interface Selected {
  type: GraphQLOutputType;
  selectionSet?: SelectionSetNode;
}

function fieldsOf(type: GraphQLCompositeType): Record<string, GraphQLField<unknown, unknown>> {
  return 'getFields' in type ? type.getFields() : {};
}

function collect(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  into = new Map<string, Selected>(),
): Map<string, Selected> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const field = fieldsOf(parent)[selection.name.value];
      if (field) into.set(selection.alias?.value ?? selection.name.value, { type: field.type, selectionSet: selection.selectionSet });
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value)! : selection;
    const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
    collect(schema, fragments, fragment.selectionSet, condition && isCompositeType(condition) ? condition : parent, into);
  }
  return into;
}

export function omitNulls(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  value: unknown,
  selected: Selected,
): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => omitNulls(schema, fragments, item, selected));
  const named = getNamedType(selected.type);
  if (!isCompositeType(named) || !selected.selectionSet || typeof value !== 'object') return value;
  const fields = collect(schema, fragments, selected.selectionSet, named);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    const field = fields.get(key);
    result[key] = field ? omitNulls(schema, fragments, item, field) : item;
  }
  return result;
}
