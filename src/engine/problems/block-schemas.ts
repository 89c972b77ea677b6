import type { BlockHandler } from '../blocks/handler';
import { authorSchema, schemaIssues, type JsonSchema } from '../blocks/json-schema';
import type { Problem } from '../problem-types';
import type { Located } from './located';

// Options, items and content that do not match their block type's schema.

const schemas = new WeakMap<object, JsonSchema>();
function schemaOf(zodSchema: BlockHandler['options']): JsonSchema {
  let schema = schemas.get(zodSchema);
  if (!schema) schemas.set(zodSchema, (schema = authorSchema(zodSchema)));
  return schema;
}

export function schemaProblems(blocks: Located[]): Problem[] {
  const problems: Problem[] = [];
  for (const { group, block, handler, path } of blocks) {
    const where = { groupId: group.id, blockId: block.id };
    for (const issue of schemaIssues(schemaOf(handler.options), block.options ?? {})) {
      const field = issue.path.join('.');
      problems.push({
        severity: 'error',
        code: 'INVALID_OPTIONS',
        message: `Option ${field} ${issue.message}`,
        ...where,
        path: [...path, 'options', ...issue.path],
      });
    }
    const itemSchema = handler.item;
    if (itemSchema) {
      (block.items ?? []).forEach((item, i) => {
        for (const issue of schemaIssues(schemaOf(itemSchema), item)) {
          const field = issue.path.join('.');
          problems.push({
            severity: 'error',
            code: 'INVALID_ITEM',
            message: `Item ${i + 1}: ${field} ${issue.message}`,
            ...where,
            path: [...path, 'items', i, ...issue.path],
          });
        }
      });
    }
    if (handler.category !== 'bubble') continue;
    for (const issue of schemaIssues(schemaOf(handler.content), block.content ?? {})) {
      const field = issue.path.join('.');
      problems.push({
        severity: 'error',
        code: 'INVALID_CONTENT',
        message: `Content ${field} ${issue.message}`,
        ...where,
        path: [...path, 'content', ...issue.path],
      });
    }
  }
  return problems;
}
