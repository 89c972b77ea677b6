import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../../src/engine/problem-types';
import { draftProblems } from '../../../src/engine/problems/draft-problems';
import { starterTheme } from '../../../src/engine/shapes/templates/theme';
import { renameVariableMentions } from '../../../src/engine/variables/rename';

type Block = Record<string, unknown> & { id: string; type: string };

const says = (id: string, text: string): Block => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});

/** A v6 bot whose start leads to group g1; Name is asked, City has a value, colours read well: no other problem. */
function bot(blocks: Block[], variables = [{ id: 'v-name', name: 'Name' }]) {
  return {
    version: '6.1',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'start-edge' }],
    edges: [{ id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    groups: [
      {
        id: 'g1',
        title: 'Hello',
        blocks: [{ id: 'ask', type: 'text input', options: { variableId: 'v-name' } }, ...blocks],
      },
    ],
    variables: [...variables, { id: 'v-city', name: 'City', value: 'Paris' }],
    theme: starterTheme(),
  };
}

const unknown = (problems: Problem[]) => problems.filter((problem) => problem.code === 'UNKNOWN_VARIABLE');

describe('a mention of a variable that does not exist', () => {
  test('is a warning on its block, pointing at the text', () => {
    expect(draftProblems(bot([says('hi', 'Nice to meet you, {{Nmae}}!')]))).toEqual([
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE',
        message: '{{Nmae}} names no variable: it shows nothing',
        groupId: 'g1',
        blockId: 'hi',
        path: ['groups', 0, 'blocks', 1, 'content', 'richText', 0, 'children', 0, 'text'],
      },
    ]);
  });

  test('declared names, ${{Name}} and inline code are fine; a name inside inline code counts', () => {
    const clean = bot([says('hi', 'Hi {{Name}} of {{City}}, ${{City}} {{= 1 + 1 =}} {{= {{Name}}.length =}}')]);
    expect(draftProblems(clean)).toEqual([]);
    const inCode = bot([says('hi', '{{= {{Nom}}.length =}}')]);
    expect(unknown(draftProblems(inCode))).toEqual([
      expect.objectContaining({ blockId: 'hi', message: expect.stringContaining('{{Nom}}') }),
    ]);
  });

  test('names differing in case or spaces are other names (templating matches exactly), with a hint', () => {
    const problems = unknown(draftProblems(bot([says('hi', 'Hi {{name}} and {{ Name }}')])));
    expect(problems.map((problem) => problem.message)).toEqual([
      '{{name}} names no variable: it shows nothing (did you mean {{Name}}?)',
      '{{ Name }} names no variable: it shows nothing (did you mean {{Name}}?)',
    ]);
  });

  test('is found in any field of any block, once per block and name', () => {
    const webhook: Block = {
      id: 'call',
      type: 'Webhook',
      options: {
        webhook: {
          url: 'https://example.com/{{Zip}}',
          headers: [{ id: 'h', key: 'X-Zip', value: '{{Zip}}' }],
          body: '{"zip": "{{Zip}}"}',
        },
      },
    };
    const condition: Block = {
      id: 'if',
      type: 'Condition',
      items: [
        {
          id: 'c',
          content: { comparisons: [{ variableId: 'v-city', comparisonOperator: 'Equal to', value: '{{Town}}' }] },
        },
      ],
    };
    const code: Block = { id: 'code', type: 'Code', options: { content: 'return {{Zip}}', isExecutedOnClient: false } };
    const problems = unknown(draftProblems(bot([webhook, condition, code])));
    expect(
      problems.map(({ blockId, message, path: where }) => [blockId, message.split(' ')[0], where.slice(4)]),
    ).toEqual([
      ['call', '{{Zip}}', ['options', 'webhook', 'url']],
      ['if', '{{Town}}', ['items', 0, 'content', 'comparisons', 0, 'value']],
      ['code', '{{Zip}}', ['options', 'content']],
    ]);
  });

  test("the bot's settings, theme and events are read too: the warning names the part", () => {
    const definition = {
      ...bot([says('hi', 'Hi {{Name}}')]),
      settings: { metadata: { title: 'Chat with {{Agent}}', description: '{{Name}}' } },
      theme: { customCss: '.x::after { content: "{{Agent}}"; }' },
    };
    expect(unknown(draftProblems(definition))).toEqual([
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE',
        message: "{{Agent}} in the bot's settings names no variable: it shows nothing",
        path: ['settings', 'metadata', 'title'],
      },
      {
        severity: 'warning',
        code: 'UNKNOWN_VARIABLE',
        message: "{{Agent}} in the bot's theme names no variable: it shows nothing",
        path: ['theme', 'customCss'],
      },
    ]);
  });

  test('a rename that takes its mentions along leaves none; renaming the declaration alone does', () => {
    const before = bot([says('hi', 'Nice to meet you, {{Name}}!')]);
    const declarationOnly = { ...before, variables: [{ id: 'v-name', name: 'firstName' }, before.variables[1]!] };
    expect(unknown(draftProblems(declarationOnly))).toEqual([
      expect.objectContaining({ blockId: 'hi', message: '{{Name}} names no variable: it shows nothing' }),
    ]);
    expect(unknown(draftProblems(renameVariableMentions(declarationOnly, 'Name', 'firstName')))).toEqual([]);
  });

  // Inspected by hand: skin-typology's "Set variable" adds 1 to {{Sebum score}}, a variable the export does not
  // declare (so the expression sees nothing); every other mention in the fixtures names a declared variable.
  const fixtures = path.join(__dirname, '../../fixtures/bots');
  test.each(readdirSync(fixtures).filter((file) => file.endsWith('.json')))(
    'fixture %s: only real unknown names',
    (file) => {
      const definition: unknown = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
      const found = unknown(draftProblems(definition)).map((problem) => problem.message);
      expect(found).toEqual(
        file === 'skin-typology.json' ? ['{{Sebum score}} names no variable: it shows nothing'] : [],
      );
    },
  );
});
