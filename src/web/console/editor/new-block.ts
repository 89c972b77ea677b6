import type { BlockTypeInfo } from './block-types';
import { newId, type DraftBlock, type Json } from './draft';

/** A palette entry's default block with fresh ids (its items' and comparisons' too). */
export function instantiate(info: BlockTypeInfo): DraftBlock {
  const renew = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renew);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Json = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = key === 'id' ? newId() : renew(inner);
    return copy;
  };
  const block = renew(info.defaultBlock) as DraftBlock;
  // The catalog's blocks carry no ids: every item (and a condition's comparisons) needs one.
  const items = Array.isArray(block.items)
    ? block.items.map((item) => {
        const content = item.content as Json | undefined;
        const comparisons =
          content && Array.isArray(content.comparisons)
            ? content.comparisons.map((comparison: Json) => ({ id: newId(), ...comparison }))
            : undefined;
        return {
          ...item,
          id: typeof item.id === 'string' ? item.id : newId(),
          ...(comparisons ? { content: { ...content, comparisons } } : {}),
        };
      })
    : undefined;
  return { ...block, id: newId(), type: info.type, ...(items ? { items } : {}) };
}
