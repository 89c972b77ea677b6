import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { builder } from '../builder';

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC with milliseconds (2026-11-22T01:52:00.000Z).',
  serialize: (value) => (value as Date).toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return date;
  },
});

function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
    case Kind.ENUM:
      return node.value;
  }
}

builder.scalarType('JSON', {
  description: 'An open JSON document (bot definitions, settings, theme): validated by the field that takes it.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

/** Payload of operations that only report success. */
export const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});
