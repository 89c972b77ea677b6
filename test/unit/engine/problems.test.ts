import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../../src/engine/problem-types';
import { draftProblems } from '../../../src/engine/problems/draft-problems';
import { starterTheme } from '../../../src/engine/shapes/templates/theme';

type Block = Record<string, unknown> & { id: string; type: string };

/** A v6 bot: the start leads to the first group, its colours read well; `extra` overrides any part. */
function bot(groups: { id: string; title?: string; blocks: Block[] }[], extra: Record<string, unknown> = {}) {
  return {
    version: '6.1',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'start-edge' }],
    edges: [{ id: 'start-edge', from: { eventId: 'start' }, to: { groupId: groups[0]?.id ?? 'none' } }],
    groups: groups.map((group) => ({ title: group.id, ...group })),
    variables: [
      { id: 'v-name', name: 'Name' },
      { id: 'v-city', name: 'City', value: 'Paris' },
    ],
    theme: starterTheme(),
    ...extra,
  };
}

const hello: Block = {
  id: 'hello',
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text: 'Hello {{Name}}' }] }] },
};
const askName: Block = { id: 'ask', type: 'text input', options: { variableId: 'v-name' } };
const codes = (problems: Problem[]) => problems.map((problem) => `${problem.severity} ${problem.code}`);

describe('draftProblems', () => {
  test('a clean bot has none', () => {
    expect(draftProblems(bot([{ id: 'g1', blocks: [askName, hello] }]))).toEqual([]);
  });

  test('a group the start does not lead to is a warning', () => {
    const problems = draftProblems(
      bot([
        { id: 'g1', blocks: [askName, hello] },
        { id: 'orphan', title: 'Orphan', blocks: [{ ...hello, id: 'bye' }] },
      ]),
    );
    expect(problems).toEqual([
      {
        severity: 'warning',
        code: 'UNREACHABLE_GROUP',
        message: 'Group "Orphan" cannot be reached from the start',
        groupId: 'orphan',
        path: ['groups', 1],
      },
    ]);
  });

  test('groups reached through an item, a jump and a block edge are reachable', () => {
    const choice = {
      id: 'choice',
      type: 'choice input',
      options: { variableId: 'v-name' },
      items: [{ id: 'i1', content: 'Go', outgoingEdgeId: 'to-g2' }],
    };
    const jump = { id: 'jump', type: 'Jump', options: { groupId: 'g3' } };
    const definition = bot(
      [
        { id: 'g1', blocks: [choice] },
        { id: 'g2', blocks: [hello, jump] },
        { id: 'g3', blocks: [{ ...hello, id: 'end' }] },
      ],
      {
        edges: [
          { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } },
          { id: 'to-g2', from: { blockId: 'choice', itemId: 'i1' }, to: { groupId: 'g2' } },
        ],
      },
    );
    expect(draftProblems(definition)).toEqual([]);
  });

  test('an edge to a missing group or block is an error', () => {
    const definition = bot([{ id: 'g1', blocks: [{ ...askName, outgoingEdgeId: 'gone' }, hello] }], {
      edges: [
        { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1', blockId: 'deleted' } },
        { id: 'gone', from: { blockId: 'ask' }, to: { groupId: 'deleted-group' } },
      ],
    });
    const problems = draftProblems(definition).filter((problem) => problem.code === 'MISSING_EDGE_TARGET');
    expect(problems).toEqual([
      expect.objectContaining({ severity: 'error', groupId: 'g1', path: ['edges', 0, 'to', 'blockId'] }),
      expect.objectContaining({ severity: 'error', path: ['edges', 1, 'to', 'groupId'] }),
    ]);
  });

  test('an input whose answer is not saved is a warning', () => {
    const problems = draftProblems(bot([{ id: 'g1', blocks: [hello, { id: 'mail', type: 'email input' }, askName] }]));
    expect(problems).toEqual([
      {
        severity: 'warning',
        code: 'ANSWER_NOT_SAVED',
        message: 'The answer is not saved in a variable',
        groupId: 'g1',
        blockId: 'mail',
        path: ['groups', 0, 'blocks', 1, 'options', 'variableId'],
      },
    ]);
  });

  test('buttons whose every item leads somewhere of its own are a menu: not saving their answer is no problem', () => {
    const menu = (items: Record<string, unknown>[]): Block => ({ id: 'menu', type: 'choice input', items });
    const bye: Block = { id: 'bye', type: 'text', content: { richText: [] } };
    const edges = [
      { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e-a', from: { blockId: 'menu', itemId: 'a' }, to: { groupId: 'g2' } },
      { id: 'e-b', from: { blockId: 'menu', itemId: 'b' }, to: { groupId: 'g2' } },
    ];
    const groups = (block: Block) => [
      { id: 'g1', blocks: [hello, block] },
      { id: 'g2', blocks: [bye] },
    ];
    const branching = menu([
      { id: 'a', content: 'A', outgoingEdgeId: 'e-a' },
      { id: 'b', content: 'B', outgoingEdgeId: 'e-b' },
    ]);
    expect(codes(draftProblems(bot(groups(branching), { edges })))).not.toContain('warning ANSWER_NOT_SAVED');
    const oneWay = menu([
      { id: 'a', content: 'A', outgoingEdgeId: 'e-a' },
      { id: 'b', content: 'B' },
    ]);
    expect(codes(draftProblems(bot(groups(oneWay), { edges })))).toContain('warning ANSWER_NOT_SAVED');
  });

  test('options or content of the wrong type are errors, with their path', () => {
    const wait = { id: 'wait', type: 'Wait', options: { secondsToWaitFor: true } };
    const mail = { id: 'mail', type: 'Email', options: { recipients: ['a@example.com', 3] } };
    const image = { id: 'image', type: 'image', content: { url: 42 } };
    const problems = draftProblems(bot([{ id: 'g1', blocks: [askName, hello, wait, mail, image] }]));
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        blockId: 'wait',
        path: ['groups', 0, 'blocks', 2, 'options', 'secondsToWaitFor'],
        // zod writes a union of plain types as a list of types: each is read, and named.
        message: expect.stringContaining('must be a number or a string, not boolean'),
      }),
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        blockId: 'mail',
        path: ['groups', 0, 'blocks', 3, 'options', 'recipients', 1],
      }),
      expect.objectContaining({
        code: 'INVALID_CONTENT',
        blockId: 'image',
        path: ['groups', 0, 'blocks', 4, 'content', 'url'],
      }),
    ]);
  });

  test('an option that may be a number or a string takes either', () => {
    for (const secondsToWaitFor of [5, 2.5, '5', '{{Delay}}']) {
      const wait = { id: 'wait', type: 'Wait', options: { secondsToWaitFor } };
      const problems = draftProblems(bot([{ id: 'g1', blocks: [askName, hello, wait] }]));
      expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    }
  });

  test('an item of the wrong shape is an error', () => {
    const condition = {
      id: 'if',
      type: 'Condition',
      items: [
        { id: 'c', content: { comparisons: [{ variableId: 'v-city', comparisonOperator: 'Equal to', value: 3 }] } },
      ],
    };
    const problems = draftProblems(bot([{ id: 'g1', blocks: [askName, hello, condition] }]));
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'INVALID_ITEM',
        blockId: 'if',
        path: ['groups', 0, 'blocks', 2, 'items', 0, 'content', 'comparisons', 0, 'value'],
      }),
    ]);
  });

  test('an unknown block type is an error located on its block', () => {
    const problems = draftProblems(bot([{ id: 'g1', blocks: [askName, { id: 'odd', type: 'Teleport' }] }]));
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'UNKNOWN_BLOCK_TYPE',
        message: 'unknown block type "Teleport"',
        groupId: 'g1',
        blockId: 'odd',
        path: ['groups', 0, 'blocks', 1, 'type'],
      },
    ]);
  });

  test('a variable used but never set nor prefilled is a warning; set or prefilled ones are not', () => {
    const says = (text: string, id: string): Block => ({
      id,
      type: 'text',
      content: { richText: [{ type: 'p', children: [{ text }] }] },
    });
    const problems = draftProblems(bot([{ id: 'g1', blocks: [says('Hi {{Name}} from {{City}}', 'hi')] }]));
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'VARIABLE_NEVER_SET',
        blockId: 'hi',
        message: expect.stringContaining('"Name"'),
      }),
    ]);
    const condition = {
      id: 'if',
      type: 'Condition',
      items: [
        { id: 'c', content: { comparisons: [{ variableId: 'v-name', comparisonOperator: 'Equal to', value: 'x' }] } },
      ],
    };
    expect(codes(draftProblems(bot([{ id: 'g1', blocks: [hello, condition] }])))).toEqual([
      'warning VARIABLE_NEVER_SET',
    ]);
    const setByCode = {
      id: 'code',
      type: 'Code',
      options: { content: "setVariable('Name', 'Ada')", isExecutedOnClient: false },
    };
    const setBlock = { id: 'set', type: 'Set variable', options: { variableId: 'v-name', type: 'Empty' } };
    expect(draftProblems(bot([{ id: 'g1', blocks: [setByCode, hello] }]))).toEqual([]);
    expect(draftProblems(bot([{ id: 'g1', blocks: [setBlock, hello] }]))).toEqual([]);
  });

  test('an AI block without an account is a warning; Send e-mail falls back to the server SMTP', () => {
    const ai = {
      id: 'ai',
      type: 'openai',
      options: {
        action: 'Create chat completion',
        responseMapping: [{ item: 'Message content', variableId: 'v-name' }],
      },
    };
    const mail = { id: 'mail', type: 'Email', options: { recipients: ['a@example.com'] } };
    const problems = draftProblems(bot([{ id: 'g1', blocks: [ai, mail, hello] }]));
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'MISSING_CREDENTIALS',
        // The block as the palette names it, never its type id.
        message:
          'No account is selected: this OpenAI block does nothing without one (add one in Settings → Credentials)',
        blockId: 'ai',
        path: ['groups', 0, 'blocks', 0, 'options', 'credentialsId'],
      }),
    ]);
    expect(
      draftProblems(bot([{ id: 'g1', blocks: [{ ...ai, options: { ...ai.options, credentialsId: 'cred' } }, hello] }])),
    ).toEqual([]);
  });

  test('a bot with nothing after its start is an error; one that only does things (redirects...) is a warning', () => {
    expect(codes(draftProblems(bot([], { edges: [] })))).toEqual(['error BOT_IS_EMPTY']);
    expect(
      codes(
        draftProblems(
          bot([{ id: 'g1', blocks: [{ id: 'go', type: 'Redirect', options: { url: 'https://example.com' } }] }]),
        ),
      ),
    ).toEqual(['warning BOT_SAYS_NOTHING']);
    const hi = { id: 'hi', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi' }] }] } };
    const unlinked = bot([{ id: 'g1', blocks: [hi] }], { edges: [] });
    expect(codes(draftProblems(unlinked))).toEqual(['error BOT_IS_EMPTY', 'warning UNREACHABLE_GROUP']);
    // With blocks in groups, what is missing is the start's connection.
    expect(draftProblems(unlinked)[0]!.message).toBe(
      'The start leads to nothing: connect the start to the group where the chat begins',
    );
    expect(draftProblems(bot([], { edges: [] }))[0]!.message).toBe(
      'The bot has nothing after its start: add a message or a question',
    );
  });

  test('a jump to a missing group is an error', () => {
    const problems = draftProblems(
      bot([{ id: 'g1', blocks: [hello, { id: 'jump', type: 'Jump', options: { groupId: 'nowhere' } }] }]),
    );
    expect(problems[0]).toMatchObject({ severity: 'error', code: 'MISSING_JUMP_TARGET', blockId: 'jump' });
  });

  const fixtures = path.join(__dirname, '../../fixtures/bots');
  test.each(readdirSync(fixtures).filter((file) => file.endsWith('.json')))('fixture %s has no error', (file) => {
    const definition: unknown = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
    expect(draftProblems(definition).filter((problem) => problem.severity === 'error')).toEqual([]);
  });
});
