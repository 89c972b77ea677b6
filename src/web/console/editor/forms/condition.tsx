import {
  newId,
  type Draft,
  type DraftBlock,
  type DraftItem,
  type DraftVariable,
  type EdgeSource,
  type Json,
} from '../draft';
import { NextStep } from './next-step';
import { VariablePicker } from './variable-picker';
import { COMPARISON_OPERATORS, WITHOUT_VALUE } from '../../comparison-operators';
import { isObject } from '../../json';

interface Comparison extends Json {
  id: string;
  variableId?: string;
  comparisonOperator?: string;
  value?: string;
}

function contentOf(item: DraftItem): { logicalOperator: string; comparisons: Comparison[] } {
  const content = isObject(item.content) ? item.content : {};
  const comparisons = (Array.isArray(content.comparisons) ? content.comparisons.filter(isObject) : []).map(
    (comparison) => ({
      ...comparison,
      id: typeof comparison.id === 'string' ? comparison.id : newId(),
    }),
  ) as Comparison[];
  return { logicalOperator: content.logicalOperator === 'OR' ? 'OR' : 'AND', comparisons };
}

/** A Condition: each item is a set of comparisons (all or any) with its own path; the block's own edge is "else". */
export function ConditionEditor({
  block,
  draft,
  groupId,
  variables,
  onChange,
  onCreateVariable,
  onConnect,
  onNewGroup,
}: {
  block: DraftBlock;
  draft: Draft;
  groupId: string;
  variables: DraftVariable[];
  onChange(items: DraftItem[], coalesce?: string): void;
  onCreateVariable(name: string): string;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
}) {
  const items = block.items ?? [];
  const setItem = (index: number, content: { logicalOperator: string; comparisons: Comparison[] }, coalesce?: string) =>
    onChange(
      items.map((item, at) => (at === index ? { ...item, content } : item)),
      coalesce,
    );
  return (
    <div className="conditions">
      {items.map((item, index) => {
        const content = contentOf(item);
        return (
          <fieldset key={item.id} className="condition-item">
            <legend>{`Condition ${index + 1}`}</legend>
            {content.comparisons.map((comparison, at) => {
              const change = (patch: Partial<Comparison>, coalesce?: string) =>
                setItem(
                  index,
                  {
                    ...content,
                    comparisons: content.comparisons.map((each, position) =>
                      position === at ? { ...each, ...patch } : each,
                    ),
                  },
                  coalesce,
                );
              return (
                <div key={comparison.id} className="comparison">
                  <VariablePicker
                    label={`Variable ${at + 1}`}
                    value={comparison.variableId}
                    variables={variables}
                    onChange={(variableId) => change({ variableId })}
                    onCreate={onCreateVariable}
                  />
                  <label className="field">
                    Operator {at + 1}
                    <select
                      value={comparison.comparisonOperator ?? 'Equal to'}
                      onChange={(event) => change({ comparisonOperator: event.target.value })}
                    >
                      {COMPARISON_OPERATORS.map((operator) => (
                        <option key={operator}>{operator}</option>
                      ))}
                    </select>
                  </label>
                  {!WITHOUT_VALUE.has(comparison.comparisonOperator ?? '') && (
                    <label className="field">
                      Value {at + 1}
                      <input
                        value={comparison.value ?? ''}
                        onChange={(event) => change({ value: event.target.value }, `cmp:${comparison.id}`)}
                      />
                    </label>
                  )}
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      setItem(index, {
                        ...content,
                        comparisons: content.comparisons.filter((_, position) => position !== at),
                      })
                    }
                  >
                    Remove comparison {at + 1}
                  </button>
                </div>
              );
            })}
            {content.comparisons.length > 1 && (
              <label className="field">
                Match
                <select
                  value={content.logicalOperator}
                  onChange={(event) => setItem(index, { ...content, logicalOperator: event.target.value })}
                >
                  <option value="AND">all comparisons</option>
                  <option value="OR">any comparison</option>
                </select>
              </label>
            )}
            <button
              type="button"
              className="secondary"
              onClick={() =>
                setItem(index, {
                  ...content,
                  comparisons: [...content.comparisons, { id: newId(), comparisonOperator: 'Equal to', value: '' }],
                })
              }
            >
              Add a comparison
            </button>
            <NextStep
              label={`When condition ${index + 1} holds, go to`}
              draft={draft}
              from={{ blockId: block.id, itemId: item.id }}
              ownGroupId={groupId}
              onConnect={onConnect}
              onNewGroup={onNewGroup}
            />
            {items.length > 1 && (
              <button type="button" className="danger" onClick={() => onChange(items.filter((_, at) => at !== index))}>
                Remove condition {index + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      <button
        type="button"
        className="secondary"
        onClick={() =>
          onChange([
            ...items,
            {
              id: newId(),
              content: {
                logicalOperator: 'AND',
                comparisons: [{ id: newId(), comparisonOperator: 'Equal to', value: '' }],
              },
            },
          ])
        }
      >
        Add a condition
      </button>
      <NextStep
        label="Otherwise, go to"
        draft={draft}
        from={{ blockId: block.id }}
        ownGroupId={groupId}
        onConnect={onConnect}
        onNewGroup={onNewGroup}
      />
    </div>
  );
}
