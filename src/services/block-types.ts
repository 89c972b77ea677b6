// The flow editor's view of the engine: block types it can insert and the
// problems of a draft. Both are computed by the engine from definitions alone.
export { blockCatalog, type BlockCategory, type BlockTypeInfo } from '../engine/blocks/catalog';
export type { Problem, ProblemSeverity } from '../engine/problem-types';
