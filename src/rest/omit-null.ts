import {
  getNamedType,
  isCompositeType,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { collectFields } from './selections';

// REST answers of the chat runtime leave out what does not apply (no resultId,
// no input...) where GraphQL says null. Only fields of GraphQL object types are
// dropped: null values inside open JSON documents are data and stay.

interface Selected {
  type: GraphQLOutputType;
  selectionSet?: SelectionSetNode;
}

/** Operations are fixed at start-up: each selection set is flattened once, not on every answer. */
const flattened = new WeakMap<SelectionSetNode, ReturnType<typeof collectFields>>();

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
  let fields = flattened.get(selected.selectionSet);
  if (!fields) {
    fields = collectFields(schema, fragments, selected.selectionSet, named);
    flattened.set(selected.selectionSet, fields);
  }
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    const field = fields.get(key)?.field;
    result[key] = field
      ? omitNulls(schema, fragments, item, { type: field.type, selectionSet: fields.get(key)!.selectionSet })
      : item;
  }
  return result;
}
