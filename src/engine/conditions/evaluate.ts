import type { CodeRunner } from '../contracts';
import type { RuntimeVariable, VariableValue } from '../session';
import { renderText } from '../variables/templating';

// Condition evaluation (docs/engine-behaviour.md#conditions).

export interface Comparison {
  id?: string;
  variableId?: string;
  comparisonOperator?: string;
  value?: string;
}

export interface Condition {
  logicalOperator?: 'AND' | 'OR' | string;
  comparisons?: Comparison[];
}

export interface ConditionOptions {
  variables: readonly RuntimeVariable[];
  /** Runs `{{= … =}}` inline code in the right operand; without it, inline code counts as failed. */
  code?: CodeRunner;
}

/** Wire values of `comparisonOperator`. */
export const ComparisonOperators = {
  EQUAL: 'Equal to',
  NOT_EQUAL: 'Not equal',
  CONTAINS: 'Contains',
  NOT_CONTAINS: 'Does not contain',
  GREATER: 'Greater than',
  LESS: 'Less than',
  GREATER_OR_EQUAL: 'Greater or equal to',
  LESS_OR_EQUAL: 'Less or equal to',
  IS_SET: 'Is set',
  IS_EMPTY: 'Is empty',
  STARTS_WITH: 'Starts with',
  ENDS_WITH: 'Ends with',
  MATCHES_REGEX: 'Matches regex',
  NOT_MATCH_REGEX: 'Does not match regex',
} as const;

type Operand = Exclude<VariableValue, undefined>;
type Item = string | null;
type Pairing = 'every' | 'some';

/**
 * True when the condition holds: no comparisons ⇒ false; `AND` (the default)
 * needs every comparison, any other logical operator (`OR`) needs one.
 */
export async function evaluateCondition(condition: Condition, options: ConditionOptions): Promise<boolean> {
  const comparisons = condition.comparisons;
  if (!Array.isArray(comparisons) || comparisons.length === 0) return false;
  const needsAll = (condition.logicalOperator ?? 'AND') === 'AND';
  // In order and short-circuited, as every()/some() would: later operands' inline code does not run.
  for (const comparison of comparisons) {
    if ((await evaluateComparison(comparison, options)) !== needsAll) return !needsAll;
  }
  return needsAll;
}

async function evaluateComparison(
  comparison: Comparison | null | undefined,
  options: ConditionOptions,
): Promise<boolean> {
  if (!comparison?.variableId || !comparison.comparisonOperator) return false;
  const left: Operand = options.variables.find((variable) => variable.id === comparison.variableId)?.value ?? null;
  const right = await rightOperand(comparison.value, options);
  return compareWith(comparison.comparisonOperator, left, right);
}

/**
 * "undefined"/"null" ⇒ null; exactly one `{{Var}}` whose variable has a value
 * ⇒ that raw value (a list stays a list); otherwise the text with variables
 * substituted (missing ⇒ "").
 */
async function rightOperand(value: unknown, options: ConditionOptions): Promise<Operand> {
  if (typeof value !== 'string') return '';
  if (value === 'undefined' || value === 'null') return null;
  if (value.startsWith('{{') && value.endsWith('}}')) {
    const name = value.slice(2, -2);
    const raw = options.variables.find((variable) => variable.name === name)?.value;
    if (raw !== null && raw !== undefined) return raw;
  }
  return renderText(value, options.variables, { code: options.code });
}

function compareWith(operator: string, left: Operand, right: Operand): boolean {
  switch (operator) {
    case ComparisonOperators.EQUAL:
      return pair(isEqual, left, right);
    case ComparisonOperators.NOT_EQUAL:
      return pair((a, b) => !isEqual(a, b), left, right);
    case ComparisonOperators.CONTAINS:
      if (Array.isArray(left)) return pair(isEqual, left, right, 'some');
      return pair(contains, left, right, 'some');
    case ComparisonOperators.NOT_CONTAINS:
      if (Array.isArray(left)) return pair((a, b) => !isEqual(a, b), left, right);
      return pair((a, b) => !a || !b || !contains(a, b), left, right);
    case ComparisonOperators.GREATER:
      return order(left, right, (a, b) => a > b);
    case ComparisonOperators.LESS:
      return order(left, right, (a, b) => a < b);
    case ComparisonOperators.GREATER_OR_EQUAL:
      return order(left, right, (a, b) => a >= b);
    case ComparisonOperators.LESS_OR_EQUAL:
      return order(left, right, (a, b) => a <= b);
    case ComparisonOperators.IS_SET:
      return left !== null && left.length > 0;
    case ComparisonOperators.IS_EMPTY:
      return left === null || left.length === 0;
    case ComparisonOperators.STARTS_WITH:
      return pair((a, b) => Boolean(a && b) && fold(a!).startsWith(fold(b!)), left, right);
    case ComparisonOperators.ENDS_WITH:
      return pair((a, b) => Boolean(a && b) && fold(a!).endsWith(fold(b!)), left, right);
    case ComparisonOperators.MATCHES_REGEX:
      return pair((a, b) => Boolean(a && b) && matches(a!, b!) === true, left, right, 'some');
    case ComparisonOperators.NOT_MATCH_REGEX:
      return pair(doesNotMatch, left, right);
    default:
      return false;
  }
}

/**
 * Applies a test to the operands, pairing list elements: scalar/scalar
 * directly; a list on one side ⇒ every (or some) element of it; lists on both
 * sides ⇒ every×every (or some×some). An empty list satisfies "every".
 */
function pair(test: (a: Item, b: Item) => boolean, left: Operand, right: Operand, pairing: Pairing = 'every'): boolean {
  const over = (items: Item[], fn: (item: Item) => boolean) => (pairing === 'every' ? items.every(fn) : items.some(fn));
  if (!Array.isArray(left)) {
    if (!Array.isArray(right)) return test(left, right);
    return over(right, (b) => test(left, b));
  }
  if (!Array.isArray(right)) return over(left, (a) => test(a, right));
  return over(left, (a) => over(right, (b) => test(a, b)));
}

/** Strings after Unicode NFC normalisation, case-sensitive; anything else strictly (null = null). */
function isEqual(a: Item, b: Item): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.normalize() === b.normalize();
  return a === b;
}

/** Case-insensitive, trimmed, NFC form used by the text tests. */
function fold(text: string): string {
  return text.toLowerCase().trim().normalize();
}

/** Substring test; an empty side never contains nor is contained. */
function contains(a: Item, b: Item): boolean {
  if (!a || !b) return false;
  return fold(a).includes(fold(b));
}

/**
 * Greater/less tests: null on either side ⇒ false. Two texts compare as
 * numbers (not written with a leading "+"), else as dates, else by length;
 * a list counts by its length against the other side read as a number.
 */
function order(left: Operand, right: Operand, test: (a: number, b: number) => boolean): boolean {
  if (left === null || right === null) return false;
  if (typeof left === 'string') {
    if (typeof right === 'string') return test(numberDateOrLength(left), numberDateOrLength(right));
    return test(Number(left), right.length);
  }
  if (typeof right === 'string') return test(left.length, Number(right));
  return test(left.length, right.length);
}

function numberDateOrLength(text: string): number {
  const number = text.startsWith('+') ? Number.NaN : Number(text);
  if (!Number.isNaN(number)) return number;
  const time = Date.parse(text);
  return Number.isNaN(time) ? text.length : time;
}

/** `/pattern/flags` (flags among g, i, m, u, y) or a bare pattern, as the reference reads it. */
function parseRegex(text: string): { pattern: string; flags: string } {
  const withFlags = /\/(.+)\/([gimuy]*)$/.exec(text);
  if (withFlags) return { pattern: withFlags[1]!, flags: withFlags[2]! };
  return { pattern: text, flags: '' };
}

/** Whether `text` matches; undefined when the pattern is empty or not a valid regular expression. */
function matches(text: string, regex: string): boolean | undefined {
  const { pattern, flags } = parseRegex(regex);
  if (!pattern) return undefined;
  try {
    return new RegExp(pattern, flags).test(text);
  } catch {
    return undefined;
  }
}

/**
 * An empty pattern ⇒ true; an empty left side ⇒ false (as the reference);
 * an invalid pattern ⇒ false (the reference fails the request instead).
 */
function doesNotMatch(a: Item, b: Item): boolean {
  if (!b) return true;
  if (!a) return false;
  const { pattern } = parseRegex(b);
  if (!pattern) return true;
  const result = matches(a, b);
  return result === undefined ? false : !result;
}
