import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { projectRoot } from '../project-root';
import { compileOperations, operationsDir, type CompiledOperations } from '../rest/operations';

/** The assistants' own operations, beside REST's (whose names the tools also run). */
export function assistantOperationsDir(): string {
  return path.join(projectRoot(), 'src/mcp/operations');
}

/** REST's operations and the assistants' own, parsed and validated once, as one document. */
export function compileAssistantOperations(schema: GraphQLSchema): CompiledOperations {
  return compileOperations(schema, [operationsDir(), assistantOperationsDir()]);
}
