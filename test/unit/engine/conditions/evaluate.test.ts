import { evaluateCondition, type Comparison } from '../../../../src/engine/conditions/evaluate';
import type { CodeRunner } from '../../../../src/engine/contracts';
import type { RuntimeVariable, VariableValue } from '../../../../src/engine/session';

// docs/engine-behaviour.md#conditions. Left operand: variable "v" (id "v1"); right operand: the comparison value.

function vars(left: VariableValue | undefined, extra: RuntimeVariable[] = []): RuntimeVariable[] {
  return [{ id: 'v1', name: 'Left', value: left }, ...extra];
}

async function check(
  left: VariableValue | undefined,
  operator: string,
  value: string | undefined,
  extra: RuntimeVariable[] = [],
): Promise<boolean> {
  return await evaluateCondition(
    { comparisons: [{ variableId: 'v1', comparisonOperator: operator, value }] },
    { variables: vars(left, extra) },
  );
}

const list = (...items: (string | null)[]) => items;
const listVar = (name: string, value: VariableValue): RuntimeVariable => ({ id: `id-${name}`, name, value });

describe('evaluateCondition: structure', () => {
  const variables = vars('a');
  const yes: Comparison = { variableId: 'v1', comparisonOperator: 'Equal to', value: 'a' };
  const no: Comparison = { variableId: 'v1', comparisonOperator: 'Equal to', value: 'b' };

  it('is false without comparisons', async () => {
    expect(await evaluateCondition({}, { variables })).toBe(false);
    expect(await evaluateCondition({ comparisons: [] }, { variables })).toBe(false);
    expect(await evaluateCondition({ logicalOperator: 'OR', comparisons: [] }, { variables })).toBe(false);
  });

  it('needs every comparison by default (AND)', async () => {
    expect(await evaluateCondition({ comparisons: [yes, yes] }, { variables })).toBe(true);
    expect(await evaluateCondition({ comparisons: [yes, no] }, { variables })).toBe(false);
    expect(await evaluateCondition({ logicalOperator: 'AND', comparisons: [yes, no] }, { variables })).toBe(false);
  });

  it('needs one comparison with OR', async () => {
    expect(await evaluateCondition({ logicalOperator: 'OR', comparisons: [no, yes] }, { variables })).toBe(true);
    expect(await evaluateCondition({ logicalOperator: 'OR', comparisons: [no, no] }, { variables })).toBe(false);
  });

  it('counts a comparison without variableId or operator as false', async () => {
    expect(await evaluateCondition({ comparisons: [{ comparisonOperator: 'Is empty' }] }, { variables })).toBe(false);
    expect(await evaluateCondition({ comparisons: [{ variableId: 'v1', value: 'a' }] }, { variables })).toBe(false);
    expect(
      await evaluateCondition({ comparisons: [{ variableId: 'v1', comparisonOperator: '' }] }, { variables }),
    ).toBe(false);
    expect(
      await evaluateCondition({ logicalOperator: 'OR', comparisons: [{ variableId: 'v1' }, yes] }, { variables }),
    ).toBe(true);
  });

  it('counts an unknown operator as false', async () => {
    expect(await check('a', 'Is about', 'a')).toBe(false);
  });

  it('reads an unknown variable as null', async () => {
    const result = await evaluateCondition(
      { comparisons: [{ variableId: 'nope', comparisonOperator: 'Is empty' }] },
      { variables },
    );
    expect(result).toBe(true);
  });
});

describe('evaluateCondition: right operand', () => {
  it('reads "undefined" and "null" as null', async () => {
    expect(await check(undefined, 'Equal to', 'null')).toBe(true);
    expect(await check(null, 'Equal to', 'undefined')).toBe(true);
    expect(await check('null', 'Equal to', 'null')).toBe(false);
  });

  it('takes the raw value of a single {{Var}} with a value (a list stays a list)', async () => {
    const other = listVar('Other', list('a', 'b'));
    expect(await check(list('a', 'b'), 'Greater or equal to', '{{Other}}', [other])).toBe(true);
    expect(await check('b', 'Contains', '{{Other}}', [other])).toBe(true);
    expect(await check('x', 'Contains', '{{Other}}', [other])).toBe(false);
    // As text it would be '["a","b"]', which "Equal to" would compare against.
    expect(await check('["a","b"]', 'Equal to', '{{Other}}', [other])).toBe(false);
  });

  it('substitutes text otherwise (missing ⇒ "")', async () => {
    const name = listVar('Name', 'John');
    expect(await check('Hi John!', 'Equal to', 'Hi {{Name}}!', [name])).toBe(true);
    expect(await check('Hi !', 'Equal to', 'Hi {{Missing}}!', [name])).toBe(true);
    expect(await check('["a","b"]', 'Equal to', ' {{L}}', [listVar('L', list('a', 'b'))])).toBe(false);
    expect(await check(' ["a","b"]', 'Equal to', ' {{L}}', [listVar('L', list('a', 'b'))])).toBe(true);
  });

  it('substitutes a single {{Var}} without a value to ""', async () => {
    expect(await check('', 'Equal to', '{{Empty}}', [listVar('Empty', null)])).toBe(true);
    expect(await check(undefined, 'Equal to', '{{Empty}}', [listVar('Empty', null)])).toBe(false);
  });

  it('reads a missing value as ""', async () => {
    expect(await check('', 'Equal to', undefined)).toBe(true);
  });

  it('runs inline code when a runner is given', async () => {
    const code: CodeRunner = { run: async () => ({ ok: true, value: 42, setVariables: [] }) };
    const result = await evaluateCondition(
      { comparisons: [{ variableId: 'v1', comparisonOperator: 'Equal to', value: '{{=6*7=}}' }] },
      { variables: vars('42'), code },
    );
    expect(result).toBe(true);
  });
});

describe('Equal to / Not equal', () => {
  it('compares strings case-sensitively after NFC normalisation', async () => {
    expect(await check('Hello', 'Equal to', 'Hello')).toBe(true);
    expect(await check('Hello', 'Equal to', 'hello')).toBe(false);
    expect(await check('Cafe\u0301', 'Equal to', 'Caf\u00e9')).toBe(true);
    expect(await check('Hello', 'Not equal', 'hello')).toBe(true);
    expect(await check('Cafe\u0301', 'Not equal', 'Caf\u00e9')).toBe(false);
  });

  it('does not coerce numbers or trim', async () => {
    expect(await check('10', 'Equal to', '10.0')).toBe(false);
    expect(await check(' a', 'Equal to', 'a')).toBe(false);
  });

  it('never equals an unset variable to an empty value', async () => {
    expect(await check(undefined, 'Equal to', '')).toBe(false);
    expect(await check(null, 'Not equal', '')).toBe(true);
    expect(await check('', 'Equal to', '')).toBe(true);
  });

  it('needs every element of a left list', async () => {
    expect(await check(list('a', 'a'), 'Equal to', 'a')).toBe(true);
    expect(await check(list('a', 'b'), 'Equal to', 'a')).toBe(false);
    expect(await check(list('a', 'b'), 'Not equal', 'c')).toBe(true);
    expect(await check(list('a', 'b'), 'Not equal', 'a')).toBe(false);
    // Vacuous truth of "every" over an empty list.
    expect(await check(list(), 'Equal to', 'a')).toBe(true);
  });

  it('needs every element of a right list', async () => {
    expect(await check('a', 'Equal to', '{{R}}', [listVar('R', list('a', 'a'))])).toBe(true);
    expect(await check('a', 'Equal to', '{{R}}', [listVar('R', list('a', 'b'))])).toBe(false);
  });

  it('pairs every×every with lists on both sides', async () => {
    expect(await check(list('a'), 'Equal to', '{{R}}', [listVar('R', list('a', 'a'))])).toBe(true);
    expect(await check(list('a', 'b'), 'Equal to', '{{R}}', [listVar('R', list('a', 'b'))])).toBe(false);
    expect(await check(list('a', 'b'), 'Not equal', '{{R}}', [listVar('R', list('c', 'd'))])).toBe(true);
  });

  it('compares null list elements strictly', async () => {
    expect(await check(list(null), 'Equal to', 'null')).toBe(true);
    expect(await check(list(null), 'Equal to', '')).toBe(false);
  });
});

describe('Contains / Does not contain', () => {
  it('tests a substring of a string, case-insensitively, trimmed, NFC', async () => {
    expect(await check('Hello World', 'Contains', 'world')).toBe(true);
    expect(await check('Hello World', 'Contains', '  WORLD  ')).toBe(true);
    expect(await check('Un caf\u00e9 noir', 'Contains', 'CAFE\u0301')).toBe(true);
    expect(await check('Hello', 'Contains', 'bye')).toBe(false);
  });

  it('is false with an empty right side or an empty left side', async () => {
    expect(await check('Hello', 'Contains', '')).toBe(false);
    expect(await check('Hello', 'Contains', 'null')).toBe(false);
    expect(await check('', 'Contains', 'a')).toBe(false);
    expect(await check(undefined, 'Contains', 'a')).toBe(false);
  });

  it('is true when some element of a right list is contained', async () => {
    expect(await check('I like red apples', 'Contains', '{{R}}', [listVar('R', list('green', 'red'))])).toBe(true);
    expect(await check('I like red apples', 'Contains', '{{R}}', [listVar('R', list('green', 'blue'))])).toBe(false);
  });

  it('checks equality of some element of a left list (case-sensitive, NFC)', async () => {
    expect(await check(list('red', 'green'), 'Contains', 'green')).toBe(true);
    expect(await check(list('red', 'green'), 'Contains', 'Green')).toBe(false);
    expect(await check(list('red', 'greenish'), 'Contains', 'green')).toBe(false);
    expect(await check(list('caf\u00e9'), 'Contains', 'cafe\u0301')).toBe(true);
    expect(await check(list(), 'Contains', 'a')).toBe(false);
  });

  it('pairs some×some with lists on both sides', async () => {
    expect(await check(list('a', 'b'), 'Contains', '{{R}}', [listVar('R', list('x', 'b'))])).toBe(true);
    expect(await check(list('a', 'b'), 'Contains', '{{R}}', [listVar('R', list('x', 'y'))])).toBe(false);
  });

  it('Does not contain: not a substring; empty sides ⇒ true', async () => {
    expect(await check('Hello World', 'Does not contain', 'WORLD')).toBe(false);
    expect(await check('Hello World', 'Does not contain', 'bye')).toBe(true);
    expect(await check('Hello', 'Does not contain', '')).toBe(true);
    expect(await check('', 'Does not contain', 'a')).toBe(true);
    expect(await check(undefined, 'Does not contain', 'a')).toBe(true);
  });

  it('Does not contain: every element of a right list is absent', async () => {
    expect(await check('red apple', 'Does not contain', '{{R}}', [listVar('R', list('green', 'blue'))])).toBe(true);
    expect(await check('red apple', 'Does not contain', '{{R}}', [listVar('R', list('green', 'red'))])).toBe(false);
  });

  it('Does not contain: every element of a left list differs', async () => {
    expect(await check(list('red', 'green'), 'Does not contain', 'blue')).toBe(true);
    expect(await check(list('red', 'green'), 'Does not contain', 'green')).toBe(false);
    expect(await check(list('red', 'green'), 'Does not contain', 'Green')).toBe(true);
  });
});

describe('Greater than / Less than / Greater or equal to / Less or equal to', () => {
  it('compares numbers', async () => {
    expect(await check('10', 'Greater than', '9')).toBe(true);
    expect(await check('9', 'Greater than', '10')).toBe(false);
    expect(await check('2.5', 'Less than', '10')).toBe(true);
    expect(await check('10', 'Greater or equal to', '10.0')).toBe(true);
    expect(await check('10', 'Less or equal to', '10')).toBe(true);
    expect(await check('11', 'Less or equal to', '10')).toBe(false);
    expect(await check('-3', 'Less than', '-2')).toBe(true);
  });

  it('compares dates as timestamps', async () => {
    expect(await check('2024-05-02', 'Greater than', '2024-05-01')).toBe(true);
    expect(await check('2024-05-02', 'Less than', '2024-05-01')).toBe(false);
    expect(await check('2024-01-01T10:00:00Z', 'Greater or equal to', '2024-01-01T10:00:00Z')).toBe(true);
  });

  it('compares other texts by length', async () => {
    expect(await check('abcd', 'Greater than', 'xyz')).toBe(true);
    expect(await check('ab', 'Less than', 'xyz')).toBe(true);
    expect(await check('abc', 'Greater or equal to', 'xyz')).toBe(true);
  });

  it('does not read a leading "+" as a number', async () => {
    // "+33612345678" is not read as a number (nor a date): its length (12) is compared.
    expect(await check('+33612345678', 'Greater than', '100')).toBe(false);
    expect(await check('+33612345678', 'Less than', '100')).toBe(true);
    expect(await check('+33612345678', 'Greater than', '5')).toBe(true);
    expect(await check('33612345678', 'Greater than', '100')).toBe(true);
  });

  it('is false when either side is null', async () => {
    expect(await check(undefined, 'Greater than', '1')).toBe(false);
    expect(await check(null, 'Less than', '1')).toBe(false);
    expect(await check('5', 'Greater than', 'null')).toBe(false);
    expect(await check('5', 'Less or equal to', 'undefined')).toBe(false);
  });

  it('compares a left list by its length', async () => {
    expect(await check(list('a', 'b', 'c'), 'Greater than', '2')).toBe(true);
    expect(await check(list('a', 'b'), 'Greater than', '2')).toBe(false);
    expect(await check(list('a', 'b'), 'Less or equal to', '2')).toBe(true);
    expect(await check(list(), 'Less than', '1')).toBe(true);
  });

  it('compares a left number with the length of a right list', async () => {
    const right = [listVar('R', list('a', 'b'))];
    expect(await check('3', 'Greater than', '{{R}}', right)).toBe(true);
    expect(await check('2', 'Greater or equal to', '{{R}}', right)).toBe(true);
    expect(await check('1', 'Less than', '{{R}}', right)).toBe(true);
  });

  it('compares two lists by length', async () => {
    expect(await check(list('a', 'b', 'c'), 'Greater than', '{{R}}', [listVar('R', list('x', 'y'))])).toBe(true);
    expect(await check(list('a'), 'Less than', '{{R}}', [listVar('R', list('x', 'y'))])).toBe(true);
    expect(await check(list('a', 'b'), 'Less or equal to', '{{R}}', [listVar('R', list('x', 'y'))])).toBe(true);
  });

  it('reads an empty text as 0 (Number(""))', async () => {
    expect(await check('', 'Less than', '1')).toBe(true);
  });
});

describe('Is set / Is empty', () => {
  it('Is set: a non-empty string or list', async () => {
    expect(await check('a', 'Is set', undefined)).toBe(true);
    expect(await check(' ', 'Is set', undefined)).toBe(true);
    expect(await check('', 'Is set', undefined)).toBe(false);
    expect(await check(null, 'Is set', undefined)).toBe(false);
    expect(await check(undefined, 'Is set', undefined)).toBe(false);
    expect(await check(list('a'), 'Is set', undefined)).toBe(true);
    expect(await check(list(null), 'Is set', undefined)).toBe(true);
    expect(await check(list(), 'Is set', undefined)).toBe(false);
  });

  it('Is empty: null, undefined or length 0', async () => {
    expect(await check(undefined, 'Is empty', undefined)).toBe(true);
    expect(await check(null, 'Is empty', undefined)).toBe(true);
    expect(await check('', 'Is empty', undefined)).toBe(true);
    expect(await check(list(), 'Is empty', undefined)).toBe(true);
    expect(await check('a', 'Is empty', undefined)).toBe(false);
    expect(await check(list(''), 'Is empty', undefined)).toBe(false);
  });

  it('ignores the right operand', async () => {
    expect(await check('a', 'Is set', 'whatever')).toBe(true);
    expect(await check('', 'Is empty', 'whatever')).toBe(true);
  });
});

describe('Starts with / Ends with', () => {
  it('is case-insensitive and trimmed', async () => {
    expect(await check('Hello World', 'Starts with', 'hello')).toBe(true);
    expect(await check('  Hello World', 'Starts with', ' HELLO ')).toBe(true);
    expect(await check('Hello World', 'Starts with', 'world')).toBe(false);
    expect(await check('Hello World', 'Ends with', 'WORLD')).toBe(true);
    expect(await check('Hello World  ', 'Ends with', 'world')).toBe(true);
    expect(await check('Hello World', 'Ends with', 'hello')).toBe(false);
  });

  it('is false with an empty side', async () => {
    expect(await check('Hello', 'Starts with', '')).toBe(false);
    expect(await check('Hello', 'Ends with', '')).toBe(false);
    expect(await check(undefined, 'Starts with', 'a')).toBe(false);
    expect(await check('', 'Ends with', 'a')).toBe(false);
  });

  it('needs every pair with lists', async () => {
    expect(await check(list('apple', 'avocado'), 'Starts with', 'a')).toBe(true);
    expect(await check(list('apple', 'banana'), 'Starts with', 'a')).toBe(false);
    expect(await check('banana', 'Ends with', '{{R}}', [listVar('R', list('a', 'na'))])).toBe(true);
    expect(await check('banana', 'Ends with', '{{R}}', [listVar('R', list('a', 'b'))])).toBe(false);
  });
});

describe('Matches regex', () => {
  it('accepts a bare pattern', async () => {
    expect(await check('abc123', 'Matches regex', '^[a-z]+\\d+$')).toBe(true);
    expect(await check('abc', 'Matches regex', '^\\d+$')).toBe(false);
  });

  it('accepts /pattern/flags', async () => {
    expect(await check('HELLO', 'Matches regex', '/^hello$/i')).toBe(true);
    expect(await check('HELLO', 'Matches regex', '/^hello$/')).toBe(false);
    expect(await check('a\nb', 'Matches regex', '/^b$/m')).toBe(true);
    expect(await check('a/b', 'Matches regex', '/a\\/b/')).toBe(true);
  });

  it('reads a slash pattern with unknown flags as a bare pattern', async () => {
    // "/x/z": "z" is not a flag, so the whole text is the pattern.
    expect(await check('/x/z', 'Matches regex', '/x/z')).toBe(true);
  });

  it('is false for an invalid regex, an empty pattern or an empty left side', async () => {
    expect(await check('abc', 'Matches regex', '([a-z')).toBe(false);
    expect(await check('abc', 'Matches regex', '/a/gg')).toBe(false);
    expect(await check('abc', 'Matches regex', '')).toBe(false);
    expect(await check('', 'Matches regex', '.*')).toBe(false);
    expect(await check(undefined, 'Matches regex', '.*')).toBe(false);
  });

  it('needs some element of a list', async () => {
    expect(await check(list('abc', '123'), 'Matches regex', '^\\d+$')).toBe(true);
    expect(await check(list('abc', 'def'), 'Matches regex', '^\\d+$')).toBe(false);
    expect(await check('123', 'Matches regex', '{{R}}', [listVar('R', list('^[a-z]+$', '^\\d+$'))])).toBe(true);
  });

  it('is not affected by the g flag state between elements', async () => {
    expect(await check(list('a1', 'a2', 'a3'), 'Does not match regex', '/a/g')).toBe(false);
    expect(await check(list('b', 'a'), 'Matches regex', '/a/g')).toBe(true);
  });
});

describe('Does not match regex', () => {
  it('negates a match', async () => {
    expect(await check('abc', 'Does not match regex', '^\\d+$')).toBe(true);
    expect(await check('123', 'Does not match regex', '^\\d+$')).toBe(false);
    expect(await check('HELLO', 'Does not match regex', '/hello/i')).toBe(false);
  });

  it('is true for an empty pattern', async () => {
    expect(await check('abc', 'Does not match regex', '')).toBe(true);
    expect(await check('abc', 'Does not match regex', '{{Missing}}')).toBe(true);
  });

  it('is false for an empty left side (as the reference)', async () => {
    expect(await check('', 'Does not match regex', '^\\d+$')).toBe(false);
    expect(await check(undefined, 'Does not match regex', '^\\d+$')).toBe(false);
  });

  it('is false for an invalid regex (the reference fails the request)', async () => {
    expect(await check('abc', 'Does not match regex', '([a-z')).toBe(false);
    expect(async () => await check('abc', 'Does not match regex', '/(/')).not.toThrow();
  });

  it('needs every element of a list', async () => {
    expect(await check(list('abc', 'def'), 'Does not match regex', '^\\d+$')).toBe(true);
    expect(await check(list('abc', '123'), 'Does not match regex', '^\\d+$')).toBe(false);
  });
});
