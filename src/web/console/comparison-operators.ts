// The wire values of comparisonOperator, as the engine reads them (src/engine/conditions/evaluate.ts):
// the flow editor's Condition block and a channel's start condition offer the same.

export const COMPARISON_OPERATORS = [
  'Equal to',
  'Not equal',
  'Contains',
  'Does not contain',
  'Greater than',
  'Less than',
  'Greater or equal to',
  'Less or equal to',
  'Is set',
  'Is empty',
  'Starts with',
  'Ends with',
  'Matches regex',
  'Does not match regex',
] as const;

/** Operators that compare nothing: their comparison has no value. */
export const WITHOUT_VALUE: ReadonlySet<string> = new Set(['Is set', 'Is empty']);
