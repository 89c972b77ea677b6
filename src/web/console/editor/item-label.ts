import type { DraftItem } from './draft';

/** What an item reads as on the canvas: a button's words, a picture's title, a condition's comparisons. */
export function itemLabel(item: DraftItem, index: number, variableNames: Map<string, string>): string {
  if (typeof item.content === 'string' && item.content) return item.content;
  if (typeof item.title === 'string' && item.title) return item.title;
  const content = item.content as { comparisons?: unknown; logicalOperator?: unknown } | undefined;
  if (content && Array.isArray(content.comparisons)) {
    const parts = content.comparisons.map(
      (comparison: { variableId?: unknown; comparisonOperator?: unknown; value?: unknown }) =>
        [
          typeof comparison.variableId === 'string' ? (variableNames.get(comparison.variableId) ?? '?') : '?',
          comparison.comparisonOperator ?? 'Equal to',
          comparison.value ?? '',
        ]
          .join(' ')
          .trim(),
    );
    return parts.length
      ? `If ${parts.join(content.logicalOperator === 'OR' ? ' or ' : ' and ')}`
      : `Condition ${index + 1}`;
  }
  return `Item ${index + 1}`;
}
