import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renameVariableMentions } from '../../../../src/engine/variables/rename';
import { mentionedNames } from '../../../../src/engine/shapes/mentions';
import { block, bot, group, start, text, wordsOf } from '../flow';

const FIXTURES = path.join(__dirname, '../../../fixtures/bots');
const fixtureFiles = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'));

type Definition = Record<string, unknown> & { variables?: { id: string; name: string }[] };

const load = (file: string): Definition => JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Definition;

/** Every `{{…}}` name mentioned in a part of a definition (the variables list excluded). */
function mentions(definition: Definition): string[] {
  const { variables: _declared, ...rest } = definition;
  const names: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') names.push(...mentionedNames(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(rest);
  return names;
}

/** A value somewhere in a JSON tree, by path. */
function at(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], value);
}

describe('renameVariableMentions', () => {
  describe.each(fixtureFiles)('fixture %s', (file) => {
    const original = load(file);
    const declared = (original.variables ?? []).filter((variable) => mentions(original).includes(variable.name));

    test('every mention of every mentioned variable follows a rename, nothing else changes', () => {
      for (const { name } of declared) {
        const newName = `${name} (renamed)`;
        const before = mentions(original);
        const renamed = renameVariableMentions(original, name, newName);
        const after = mentions(renamed);
        expect(after.filter((each) => each === name)).toEqual([]);
        expect(after.filter((each) => each === newName)).toHaveLength(before.filter((each) => each === name).length);
        // Turning the new mentions back gives the original text, byte for byte.
        expect(JSON.stringify(renamed).split(`{{${newName}}}`).join(`{{${name}}}`)).toBe(JSON.stringify(original));
        // Declarations are the caller's to rename.
        expect(renamed.variables).toBe(original.variables);
      }
    });
  });

  test('the fixtures mention variables in bubbles, inputs, conditions, HTTP, e-mail and AI blocks', () => {
    // What the generic walk is exercised on: the fields the fixtures really hold.
    const digital = renameVariableMentions(load('digital-product-payment.json'), 'Email', 'Mail');
    const payment = (digital.groups as { blocks: { type: string; options?: unknown }[] }[])
      .flatMap((each) => each.blocks)
      .filter((each) => each.type === 'payment input' || each.type === 'Email');
    expect(JSON.stringify(payment)).toContain('{{Mail}}');
    expect(JSON.stringify(payment)).not.toContain('{{Email}}');

    const movies = renameVariableMentions(load('movie-recommendation.json'), 'Selected genre ID', 'Genre');
    const webhook = (movies.groups as { blocks: { type: string; options?: unknown }[] }[])
      .flatMap((each) => each.blocks)
      .find((each) => each.type === 'Webhook' && JSON.stringify(each).includes('{{Genre}}'));
    expect(JSON.stringify(at(webhook, 'options', 'webhook', 'queryParams'))).toContain('{{Genre}}');

    const carbs = renameVariableMentions(load('quick-carb-calculator.json'), 'Sport', 'Discipline');
    expect(JSON.stringify(carbs.groups)).toContain('{{Discipline}}');
    expect(JSON.stringify(carbs.groups)).not.toContain('{{Sport}}');
  });

  test('settings, theme, events, inline code and code are renamed; bare identifiers and other names are not', () => {
    const base = load('lead-gen.json');
    const definition: Definition = {
      ...base,
      settings: { ...(base.settings as object), metadata: { title: 'Hello {{Name}}', description: '{{Names}}' } },
      theme: { ...(base.theme as object), customCss: '.name::after { content: "{{Name}}"; }' },
      events: [...(base.events as unknown[]), { id: 'cmd', type: 'command', options: { command: 'hi {{Name}}' } }],
      groups: [
        ...(base.groups as unknown[]),
        {
          id: 'extra',
          title: 'Extra',
          blocks: [
            {
              id: 'code',
              type: 'Code',
              options: {
                content: 'const Name = {{Name}};\nsetVariable(\'Name\', Name.trim());\nsetVariable("Names", 1);',
              },
            },
            {
              id: 'set',
              type: 'Set variable',
              options: { variableId: 'x', type: 'Custom', expressionToEvaluate: 'return {{Name}} + "!"' },
            },
            {
              id: 'inline',
              type: 'text',
              content: {
                richText: [
                  { type: 'p', children: [{ text: 'Hi {{= {{Name}}.toUpperCase() =}} / {{ Name }} / {{name}}' }] },
                ],
              },
            },
            {
              id: 'if',
              type: 'Condition',
              items: [{ id: 'c', content: { comparisons: [{ variableId: 'x', value: '{{Name}}' }] } }],
            },
          ],
        },
      ],
    };
    const renamed = renameVariableMentions(definition, 'Name', "First 'name'");
    expect(at(renamed, 'settings', 'metadata')).toEqual({ title: "Hello {{First 'name'}}", description: '{{Names}}' });
    expect(at(renamed, 'theme', 'customCss')).toBe(`.name::after { content: "{{First 'name'}}"; }`);
    expect(at(renamed, 'events', 1, 'options', 'command')).toBe("hi {{First 'name'}}");
    const extra = (renamed.groups as unknown[]).at(-1);
    // A quote the name holds would end the literal: the literal changes quotes rather than break the code.
    expect(at(extra, 'blocks', 0, 'options', 'content')).toBe(
      `const Name = {{First 'name'}};\nsetVariable("First 'name'", Name.trim());\nsetVariable("Names", 1);`,
    );
    expect(at(extra, 'blocks', 1, 'options', 'expressionToEvaluate')).toBe(`return {{First 'name'}} + "!"`);
    // `{{ Name }}` and `{{name}}` are other names to templating (exact, case-sensitive): they stay.
    expect(at(extra, 'blocks', 2, 'content', 'richText', 0, 'children', 0, 'text')).toBe(
      `Hi {{= {{First 'name'}}.toUpperCase() =}} / {{ Name }} / {{name}}`,
    );
    expect(at(extra, 'blocks', 3, 'items', 0, 'content', 'comparisons', 0, 'value')).toBe(`{{First 'name'}}`);
    // Ids are not names.
    expect(at(extra, 'blocks', 1, 'options', 'variableId')).toBe('x');
  });

  test('parts without a mention are the same objects, and no mention leaves the definition as it is', () => {
    const definition = load('lead-gen.json');
    const renamed = renameVariableMentions(definition, 'Name', 'First name');
    expect(renamed).not.toBe(definition);
    expect(renamed.edges).toBe(definition.edges);
    expect(renamed.theme).toBe(definition.theme);
    expect(renameVariableMentions(definition, 'Nobody', 'Someone')).toBe(definition);
  });

  test('a name that could not be mentioned is refused', () => {
    const definition = load('lead-gen.json');
    expect(() => renameVariableMentions(definition, 'Name', '')).toThrow(RangeError);
    expect(() => renameVariableMentions(definition, 'Name', 'a}}b')).toThrow(RangeError);
  });

  test('the renamed bot says the value under its new name', async () => {
    const greeting = group('g1', [
      text('hi', 'Nice to meet you, {{name}}!'),
      block('code', 'Set variable', {
        options: { variableId: 'v-city', type: 'Custom', expressionToEvaluate: '{{name}}' },
      }),
      text('city', 'From {{City}}'),
    ]);
    const original = bot('b', [greeting], {
      variables: [
        { id: 'v-name', name: 'name', value: 'Ada' },
        { id: 'v-city', name: 'City' },
      ],
    });
    const renamed = {
      ...renameVariableMentions(original, 'name', 'firstName'),
      variables: original.variables.map((variable) =>
        variable.id === 'v-name' ? { ...variable, name: 'firstName' } : variable,
      ),
    };
    const words = async (runtime: typeof original) =>
      (await start(runtime)).result.output.messages.map((message) => wordsOf(message));
    expect(await words(renamed)).toEqual(['Nice to meet you, Ada!', 'From Ada']);
    // Without the mentions following, the text loses the value: what users saw.
    const declarationOnly = { ...original, variables: renamed.variables };
    expect(await words(declarationOnly)).toEqual(['Nice to meet you, !', 'From ']);
  });
});
