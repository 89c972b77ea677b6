import type { Problem } from '../../../src/engine/problem-types';
import { draftProblems } from '../../../src/engine/problems/draft-problems';
import { starterTheme } from '../../../src/engine/shapes/templates/theme';

// The mistakes a definition holds that the chat runs through in silence: each
// is a warning on its block, with the block's and group's ids and the path of
// what to fix.

type Block = Record<string, unknown> & { id: string; type: string };

const say = (id: string, text: string): Block => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});
const askName: Block = { id: 'ask', type: 'text input', options: { variableId: 'v-name' } };

function bot(blocks: Block[], extra: Record<string, unknown> = {}) {
  return {
    version: '6.1',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'start-edge' }],
    edges: [{ id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    groups: [{ id: 'g1', title: 'Hello', blocks: [askName, ...blocks] }],
    variables: [
      { id: 'v-name', name: 'Name' },
      { id: 'v-city', name: 'City', value: 'Paris' },
    ],
    theme: starterTheme(),
    ...extra,
  };
}

const only = (code: Problem['code'], problems: Problem[]) => problems.filter((problem) => problem.code === code);

describe('a variableId that names no variable', () => {
  test("on an input, a Set variable and a comparison; the variable's name where its id belongs is said so", () => {
    const problems = draftProblems(
      bot([
        { id: 'mail', type: 'email input', options: { variableId: 'Email' } },
        { id: 'set', type: 'Set variable', options: { variableId: 'City', expressionToEvaluate: '"Lyon"' } },
        {
          id: 'if',
          type: 'Condition',
          items: [
            {
              id: 'c1',
              content: { comparisons: [{ id: 'k', variableId: 'v-gone', comparisonOperator: 'Is set' }] },
            },
          ],
        },
      ]),
    );
    expect(only('UNKNOWN_VARIABLE_ID', problems)).toEqual([
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE_ID',
        message: 'variableId "Email" names no variable of this bot: nothing is saved or read there',
        groupId: 'g1',
        blockId: 'mail',
        path: ['groups', 0, 'blocks', 1, 'options', 'variableId'],
      },
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE_ID',
        message: 'variableId "City" is a variable\'s name, not its id: use "v-city"',
        groupId: 'g1',
        blockId: 'set',
        path: ['groups', 0, 'blocks', 2, 'options', 'variableId'],
      },
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE_ID',
        message: 'variableId "v-gone" names no variable of this bot: nothing is saved or read there',
        groupId: 'g1',
        blockId: 'if',
        path: ['groups', 0, 'blocks', 3, 'items', 0, 'content', 'comparisons', 0, 'variableId'],
      },
    ]);
  });
});

describe('a block missing what it needs to show or do anything', () => {
  test('a text without text, buttons without labels, an image without a URL', () => {
    const problems = only(
      'INCOMPLETE_BLOCK',
      draftProblems(
        bot([
          { id: 'empty', type: 'text', content: {} },
          { id: 'blank', type: 'text', content: { richText: [{ type: 'p', children: [{ text: ' ' }] }] } },
          { id: 'img', type: 'image', content: {} },
          {
            id: 'buttons',
            type: 'choice input',
            options: { variableId: 'v-name' },
            items: [{ id: 'a', content: 'Yes' }, { id: 'b', content: '' }, { id: 'c' }],
          },
        ]),
      ),
    );
    expect(problems.map(({ blockId, message, path }) => ({ blockId, message, path: path.slice(4) }))).toEqual([
      {
        blockId: 'empty',
        message: 'This text bubble has no text: the visitor sees an empty bubble',
        path: ['content', 'richText'],
      },
      {
        blockId: 'blank',
        message: 'This text bubble has no text: the visitor sees an empty bubble',
        path: ['content', 'richText'],
      },
      { blockId: 'img', message: 'This image has no URL: nothing is shown', path: ['content', 'url'] },
      {
        blockId: 'buttons',
        message: 'Button 2 has no label: the visitor sees an empty button',
        path: ['items', 1, 'content'],
      },
      {
        blockId: 'buttons',
        message: 'Button 3 has no label: the visitor sees an empty button',
        path: ['items', 2, 'content'],
      },
    ]);
    expect(problems.every((problem) => problem.severity === 'warning' && problem.groupId === 'g1')).toBe(true);
  });

  test('Set variable without a value or a variable; a comparison without a variable, an operator or a value', () => {
    const comparison = (fields: Record<string, unknown>) => ({ id: 'k', ...fields });
    const problems = only(
      'INCOMPLETE_BLOCK',
      draftProblems(
        bot([
          { id: 'set', type: 'Set variable', options: { variableId: 'v-city' } },
          { id: 'set-empty', type: 'Set variable', options: { variableId: 'v-city', type: 'Empty' } },
          { id: 'set-nothing', type: 'Set variable', options: { expressionToEvaluate: '1' } },
          {
            id: 'if',
            type: 'Condition',
            items: [
              { id: 'i1', content: { comparisons: [comparison({ comparisonOperator: 'Equal to', value: 'x' })] } },
              { id: 'i2', content: { comparisons: [comparison({ variableId: 'v-city', value: 'x' })] } },
              {
                id: 'i3',
                content: { comparisons: [comparison({ variableId: 'v-city', comparisonOperator: 'Contains' })] },
              },
              {
                id: 'i4',
                content: { comparisons: [comparison({ variableId: 'v-city', comparisonOperator: 'Is set' })] },
              },
              { id: 'i5', content: { comparisons: [] } },
            ],
          },
        ]),
      ),
    );
    expect(problems.map(({ blockId, message }) => [blockId, message])).toEqual([
      ['set', 'Set variable has no value: it empties the variable (choose "Empty" if that is what you mean)'],
      ['set-nothing', 'Set variable sets no variable: choose the variable'],
      ['if', 'Condition 1, comparison 1 compares no variable: it never holds'],
      ['if', 'Condition 2, comparison 1 has no operator: it never holds'],
      ['if', 'Condition 3, comparison 1 has no value to compare with'],
      ['if', 'Condition 5 compares nothing: it never holds'],
    ]);
  });
});

describe('connections', () => {
  test("one from a bubble that is not its group's last block is never followed", () => {
    const definition = bot([{ ...say('hi', 'Hi'), outgoingEdgeId: 'from-hi' }, say('bye', 'Bye')], {
      edges: [
        { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'from-hi', from: { blockId: 'hi' }, to: { groupId: 'g2' } },
      ],
      groups: [
        {
          id: 'g1',
          title: 'Hello',
          blocks: [askName, { ...say('hi', 'Hi'), outgoingEdgeId: 'from-hi' }, say('bye', 'Bye')],
        },
        { id: 'g2', title: 'Next', blocks: [say('next', 'Next')] },
      ],
    });
    expect(only('UNFOLLOWED_EDGE', draftProblems(definition))).toEqual([
      {
        severity: 'warning',
        code: 'UNFOLLOWED_EDGE',
        message:
          'The connection "from-hi" leaves from a text that is not the last block of its group: the chat never follows it (connect from the group\'s last block, "bye")',
        groupId: 'g1',
        blockId: 'hi',
        path: ['edges', 1],
      },
    ]);
  });

  test('MISSING_EDGE_TARGET names the connection, the block it leaves and the group it names', () => {
    const definition = bot([say('hi', 'Hi')], {
      edges: [
        { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e-lost', from: { blockId: 'hi' }, to: { groupId: 'g-never' } },
      ],
    });
    expect(only('MISSING_EDGE_TARGET', draftProblems(definition))).toEqual([
      {
        severity: 'error',
        code: 'MISSING_EDGE_TARGET',
        message:
          'The connection "e-lost" from block "hi" leads to group "g-never", which this bot does not have: connect it to a group of the bot or remove it',
        groupId: 'g1',
        blockId: 'hi',
        path: ['edges', 1, 'to', 'groupId'],
      },
    ]);
  });
});

describe('accounts', () => {
  const credentials = [
    { id: 'cred-ai', type: 'openai', name: 'Our OpenAI' },
    { id: 'cred-tg', type: 'telegram', name: 'Support bot' },
    { id: 'cred-smtp', type: 'smtp', name: 'Mail' },
  ];
  const ai = (credentialsId: string): Block => ({
    id: `ai-${credentialsId}`,
    type: 'openai',
    options: { action: 'Create chat completion', credentialsId },
  });
  const mail = (credentialsId: string): Block => ({
    id: `mail-${credentialsId}`,
    type: 'Email',
    options: { credentialsId, recipients: ['a@example.com'] },
  });

  test('an account of another kind, or one the workspace does not have, is a warning; the right kind is none', () => {
    const definition = bot([
      ai('cred-ai'),
      ai('cred-tg'),
      ai('cred-smtp'),
      ai('cred-gone'),
      mail('cred-smtp'),
      mail('default'),
      mail('cred-ai'),
      mail('cred-gone'),
    ]);
    const accountProblems = draftProblems(definition, { credentials }).filter((problem) =>
      ['UNKNOWN_CREDENTIALS', 'WRONG_CREDENTIALS_KIND'].includes(problem.code),
    );
    expect(accountProblems.map(({ code, blockId, message }) => [code, blockId, message])).toEqual([
      [
        'WRONG_CREDENTIALS_KIND',
        'ai-cred-tg',
        '"Support bot" is a Telegram connection, not an OpenAI account: this OpenAI block cannot use it',
      ],
      [
        'WRONG_CREDENTIALS_KIND',
        'ai-cred-smtp',
        '"Mail" is an SMTP account, not an OpenAI account: this OpenAI block cannot use it',
      ],
      [
        'UNKNOWN_CREDENTIALS',
        'ai-cred-gone',
        'This OpenAI block names an account this workspace does not have ("cred-gone"): it does nothing until you pick an OpenAI account',
      ],
      [
        'WRONG_CREDENTIALS_KIND',
        'mail-cred-ai',
        '"Our OpenAI" is an OpenAI account, not an SMTP account: this Send e-mail block cannot use it',
      ],
      [
        'UNKNOWN_CREDENTIALS',
        'mail-cred-gone',
        'This Send e-mail block names an account this workspace does not have ("cred-gone"): it does nothing until you pick an SMTP account',
      ],
    ]);
    expect(accountProblems.every((problem) => problem.path.join('.').endsWith('options.credentialsId'))).toBe(true);
    // Without the workspace's accounts (a definition alone), they are not judged.
    expect(only('WRONG_CREDENTIALS_KIND', draftProblems(definition))).toEqual([]);
  });
});
