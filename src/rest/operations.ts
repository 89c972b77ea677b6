import fs from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { projectRoot } from '../project-root';

export interface CompiledOperations {
  /** All operations and fragments, parsed and validated once. */
  document: DocumentNode;
  byName: Map<string, OperationDefinitionNode>;
  fragments: Map<string, FragmentDefinitionNode>;
}

export function operationsDir(): string {
  return path.join(projectRoot(), 'src/rest/operations');
}

/** The fragments the console's documents spread too (codegen.yml gives them to both). */
const SHARED = 'shared';

function graphqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => path.join(dir, file));
}

/**
 * Reads src/rest/operations/*.graphql and the shared fragments of its shared/
 * (and of any other folder given: the MCP tools' operations), parses and
 * validates them against the schema (at start-up, not per request).
 */
export function compileOperations(
  schema: GraphQLSchema,
  dirs: string | string[] = operationsDir(),
): CompiledOperations {
  const files = [dirs].flat().flatMap((dir) => [...graphqlFiles(dir), ...graphqlFiles(path.join(dir, SHARED))]);
  const source = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`invalid REST operations: ${errors.map((error) => error.message).join('; ')}`);
  const byName = new Map<string, OperationDefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const name = definition.name?.value;
    if (!name) throw new Error('every REST operation needs a name');
    if (byName.has(name)) throw new Error(`duplicate REST operation ${name}`);
    byName.set(name, definition);
  }
  return { document, byName, fragments };
}
