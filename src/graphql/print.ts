import { printSchemaWithDirectives } from '@graphql-tools/utils';
import type { GraphQLSchema } from 'graphql';

/**
 * The committed SDL text (schema/schema.graphql). graphql-tools' printer keeps
 * applied directives and the explicit schema block, which graphql's own
 * printSchema drops, so the file shows everything clients can rely on.
 */
export function printSdl(schema: GraphQLSchema): string {
  return printSchemaWithDirectives(schema) + '\n';
}
