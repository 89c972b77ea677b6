import { COMPARISON_OPERATORS, WITHOUT_VALUE } from '../../comparison-operators';
import { isObject } from '../../json';
import { useDraftContext } from '../draft-context';
import { setPath, type Json } from '../draft-path';

// `settings.messagingApp.startCondition`: comparisons of a new conversation's
// first message (its text is their left operand), all or any of them. A bot
// with one answers only the conversations whose first message meets it.

export const START_CONDITION = ['messagingApp', 'startCondition'] as const;

interface Comparison extends Json {
  id: string;
  comparisonOperator?: string;
  value?: string;
}

interface StartCondition {
  logicalOperator: 'AND' | 'OR';
  comparisons: Comparison[];
}

function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return 'c' + [...bytes].map((byte) => (byte % 36).toString(36)).join('');
}

function conditionOf(raw: unknown): StartCondition {
  const condition = isObject(raw) ? raw : {};
  const comparisons = (Array.isArray(condition.comparisons) ? condition.comparisons.filter(isObject) : []).map(
    (comparison) => ({ ...comparison, id: typeof comparison.id === 'string' ? comparison.id : newId() }),
  ) as Comparison[];
  return { logicalOperator: condition.logicalOperator === 'OR' ? 'OR' : 'AND', comparisons };
}

/** The settings as stored: a condition without comparisons is no condition. */
export function withoutEmptyStartCondition(settings: Json): Json {
  const stored = (settings.messagingApp as Json | undefined)?.startCondition;
  if (stored === undefined || conditionOf(stored).comparisons.length > 0) return settings;
  return setPath(settings, START_CONDITION, undefined);
}

export function StartConditionFields() {
  const draft = useDraftContext();
  const condition = conditionOf(draft.get(START_CONDITION));
  const { comparisons } = condition;
  const change = (next: Partial<StartCondition>) => draft.set(START_CONDITION, { ...condition, ...next });
  const changeAt = (at: number, patch: Partial<Comparison>) =>
    change({ comparisons: comparisons.map((each, position) => (position === at ? { ...each, ...patch } : each)) });
  return (
    <div className="wide start-condition">
      {comparisons.length === 0 && (
        <p className="hint">
          No condition: the bot answers every new conversation (unless another bot’s condition takes it).
        </p>
      )}
      {comparisons.length > 1 && (
        <label className="match">
          Start when the first message meets
          <select
            value={condition.logicalOperator}
            onChange={(event) => change({ logicalOperator: event.target.value === 'OR' ? 'OR' : 'AND' })}
          >
            <option value="AND">all the comparisons</option>
            <option value="OR">any comparison</option>
          </select>
        </label>
      )}
      {comparisons.length > 0 && (
        <ol className="plain comparisons" aria-label="Comparisons of the first message">
          {comparisons.map((comparison, at) => {
            const operator = comparison.comparisonOperator ?? 'Equal to';
            return (
              <li key={comparison.id} className="comparison-row">
                <span className="operand">Message</span>
                <label>
                  <span className="visually-hidden">{`Operator ${at + 1}`}</span>
                  <select
                    value={operator}
                    onChange={(event) => changeAt(at, { comparisonOperator: event.target.value })}
                  >
                    {COMPARISON_OPERATORS.map((each) => (
                      <option key={each}>{each}</option>
                    ))}
                  </select>
                </label>
                {!WITHOUT_VALUE.has(operator) && (
                  <label>
                    <span className="visually-hidden">{`Value ${at + 1}`}</span>
                    <input
                      value={comparison.value ?? ''}
                      placeholder="Value"
                      onChange={(event) => changeAt(at, { value: event.target.value })}
                    />
                  </label>
                )}
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove comparison ${at + 1}`}
                  onClick={() => change({ comparisons: comparisons.filter((_, position) => position !== at) })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {draft.editable && (
        <button
          type="button"
          className="secondary"
          onClick={() =>
            change({ comparisons: [...comparisons, { id: newId(), comparisonOperator: 'Equal to', value: '' }] })
          }
        >
          Add a comparison
        </button>
      )}
    </div>
  );
}
