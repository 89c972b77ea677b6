import Ajv2020 from 'ajv/dist/2020';
import { blockCatalog } from '../../../../src/engine/blocks/catalog';
import { readOptions } from '../../../../src/engine/blocks/options';
import { handlerFor } from '../../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../../src/engine/definition/schema';
import { draftProblems } from '../../../../src/engine/problems/draft-problems';
import { choicesOf, modesOf, variantFields, variantOf } from '../../../../src/engine/shapes/choices';
import { newShapeFindings } from '../../../../src/engine/value-shape-problems';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';

// The author schema says what the form is (form-schema.ts): a block's modes as
// a discriminated union, lists of values with their words, references marked
// with their widget; values outside the lists are problems of the draft. The
// engine reads the options as before.

type Node = Record<string, unknown>;
const catalog = blockCatalog();
const optionsOf = (type: string): Node => catalog.find((info) => info.type === type)!.optionsSchema;
const ajv = new Ajv2020({ strict: false });
const properties = (node: Node) => node.properties as Record<string, Node>;

function botWith(...blocks: Node[]): unknown {
  return {
    version: '6.1',
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'edge' }],
    edges: [{ id: 'edge', from: { eventId: 'start' }, to: { groupId: 'group' } }],
    groups: [
      {
        id: 'group',
        title: 'Group',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: 'say', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi' }] }] } },
          ...blocks,
        ],
      },
    ],
    variables: [{ id: 'v', name: 'Answer' }],
  };
}

function definition(raw: unknown): BotDefinition {
  const parsed = parseDefinition(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.definition;
}

describe('modes: a discriminated union in the author schema', () => {
  const setVariable = optionsOf('Set variable');
  const modes = modesOf(setVariable)!;

  test('Set variable is keyed by `type`, Custom by default, each kind of value in words', () => {
    expect(setVariable['x-parley-discriminator']).toBe('type');
    expect(modes).toMatchObject({ key: 'type', default: 'Custom' });
    const choices = choicesOf(properties(setVariable).type!)!;
    expect(choices).toContainEqual({ value: 'Custom', title: 'Custom (text or code)' });
    expect(choices).toContainEqual({ value: 'Now', title: 'Now (date and time)' });
    expect(choices.map((choice) => choice.value)).toContain('Referral Source ID');
    // One variant per kind of value, in the same order.
    expect(modes.variants.map((variant) => (properties(variant).type as Node).const)).toEqual(
      choices.map((choice) => choice.value),
    );
  });

  test('only the mode’s own fields are in its variant; the others are every mode’s', () => {
    expect(Object.keys(properties(setVariable))).toEqual(['variableId', 'type']);
    const fields = (type: string) => Object.keys(variantFields(modes, variantOf(modes, { type })));
    expect(fields('Custom')).toEqual([
      'expressionToEvaluate',
      'isCode',
      'isExecutedOnClient',
      'isUnsafe',
      'saveErrorInVariableId',
    ]);
    expect(fields('Now')).toEqual(['timeZone']);
    expect(fields('Shift')).toEqual(['saveItemInVariableId']);
    expect(fields('Map item with same index')).toEqual(['mapListItemParams']);
    expect(fields('Empty')).toEqual([]);
    // No type reads as the default mode.
    expect(Object.keys(variantFields(modes, variantOf(modes, {})))).toContain('expressionToEvaluate');
  });

  test('a JSON Schema validator holds a draft to the union: an unknown kind of value is refused', () => {
    expect(ajv.validate(setVariable, { variableId: 'v', type: 'Now', timeZone: 'Europe/Paris' })).toBe(true);
    expect(ajv.validate(setVariable, { variableId: 'v' })).toBe(true);
    expect(ajv.validate(setVariable, { variableId: 'v', type: 'Next week' })).toBe(false);
    // An AI block without an action yet is a draft in progress; one with another block's action is not.
    expect(ajv.validate(optionsOf('anthropic'), {})).toBe(true);
    expect(ajv.validate(optionsOf('anthropic'), { action: 'Create speech' })).toBe(false);
  });

  test('each AI block type offers its own actions, each with its fields', () => {
    const actions = (type: string) => choicesOf(properties(optionsOf(type)).action!)!.map((choice) => choice.value);
    expect(actions('anthropic')).toEqual(['Create Chat Message', 'Generate variables']);
    expect(actions('groq')).toEqual(['Create chat completion']);
    expect(actions('openai')).toContain('Create speech');
    const openai = modesOf(optionsOf('openai'))!;
    expect(Object.keys(variantFields(openai, variantOf(openai, { action: 'Create speech' })))).toEqual([
      'model',
      'input',
      'voice',
      'instructions',
      'saveUrlInVariableId',
    ]);
    expect(Object.keys(properties(optionsOf('openai')))).toEqual(['credentialsId', 'action', 'baseUrl', 'apiVersion']);
    // A message's fields follow its role.
    const messages = variantFields(openai, variantOf(openai, { action: 'Create chat completion' })).messages!;
    const roles = modesOf(messages.items as Node)!;
    expect(Object.keys(variantFields(roles, variantOf(roles, { role: 'Dialogue' })))).toEqual([
      'dialogueVariableId',
      'startsBy',
    ]);
  });

  test('references carry their widget: groups, blocks of the chosen group, bots, credentials by kind', () => {
    expect(properties(optionsOf('Jump')).groupId).toMatchObject({ 'x-parley-widget': 'group' });
    expect(properties(optionsOf('Jump')).blockId).toMatchObject({
      'x-parley-widget': 'block',
      'x-parley-group-field': 'groupId',
    });
    expect(properties(optionsOf('Typebot link')).typebotId).toMatchObject({ 'x-parley-widget': 'bot' });
    expect(properties(optionsOf('Typebot link')).groupId).toMatchObject({
      'x-parley-widget': 'group',
      'x-parley-bot-field': 'typebotId',
    });
    expect(properties(optionsOf('mistral')).credentialsId).toMatchObject({
      'x-parley-widget': 'credentials',
      'x-parley-credentials': ['mistral'],
    });
  });

  test('a request’s method is a list of values; its headers, query and answer mapping are lists of rows', () => {
    const request = properties(properties(optionsOf('Webhook')).webhook!);
    expect(choicesOf(request.method!)!.map((choice) => choice.value)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    expect(request.headers).toMatchObject({ type: 'array', items: { properties: { key: {}, value: {} } } });
    expect(properties(optionsOf('webhook')).responseVariableMapping).toMatchObject({
      type: 'array',
      items: { properties: { bodyPath: {}, variableId: { 'x-parley-widget': 'variable' } } },
    });
  });
});

describe('the engine reads options as before', () => {
  const block = (type: string, options: unknown) => ({ id: 'b', type, options }) as BlockDefinition;

  test('a value outside the list is read as written: the block decides what it does with it', () => {
    const setVariable = handlerFor('Set variable')!;
    expect(readOptions(setVariable.options, block('Set variable', { type: 'Next week' }))).toMatchObject({
      type: 'Next week',
    });
    const webhook = handlerFor('Webhook')!;
    expect(readOptions(webhook.options, block('Webhook', { webhook: { method: 'post' }, timeout: 500 }))).toMatchObject(
      { webhook: { method: 'post' }, timeout: 500 },
    );
  });

  test('an AI block type’s own schema reads as the shared one, parsed once per block', () => {
    const anthropic = handlerFor('anthropic')!;
    const openai = handlerFor('openai')!;
    const same = block('anthropic', { action: 'Create speech', model: 'm', temperature: '0.5' });
    const first = readOptions(anthropic.options, same);
    expect(readOptions(openai.options, same)).toBe(first);
    expect(first).toMatchObject({ action: 'Create speech', model: 'm', temperature: '0.5' });
  });
});

describe('values outside their list are problems of the draft', () => {
  test('Set variable’s "Next week" and an action the AI block does not have, in words, at the field', () => {
    const problems = draftProblems(
      botWith(
        { id: 'set', type: 'Set variable', options: { variableId: 'v', type: 'Next week' } },
        { id: 'ai', type: 'anthropic', options: { action: 'Create speech', credentialsId: 'c' } },
      ),
    ).filter((problem) => problem.code === 'INVALID_VALUE');
    expect(problems).toEqual([
      {
        severity: 'warning',
        code: 'INVALID_VALUE',
        message: expect.stringMatching(
          /^Value: “Next week” is not one of the values this field takes \(Custom \(text or code\), Empty, .*…\): the block empties the variable$/,
        ),
        groupId: 'group',
        blockId: 'set',
        path: ['groups', 0, 'blocks', 1, 'options', 'type'],
      },
      {
        severity: 'warning',
        code: 'INVALID_VALUE',
        message:
          'Action: “Create speech” is not one of the values this field takes (Create Chat Message, Generate variables): the block does nothing (its block type does not have this action)',
        groupId: 'group',
        blockId: 'ai',
        path: ['groups', 0, 'blocks', 2, 'options', 'action'],
      },
    ]);
  });

  test('values of the chosen mode are checked; a message’s role too', () => {
    const problems = draftProblems(
      botWith({
        id: 'ai',
        type: 'openai',
        options: {
          action: 'Create chat completion',
          credentialsId: 'c',
          messages: [{ role: 'narrator', content: 'Hello' }],
          responseMapping: [{ item: 'Everything', variableId: 'v' }],
        },
      }),
    ).filter((problem) => problem.code === 'INVALID_VALUE');
    expect(problems.map((problem) => problem.path.slice(4))).toEqual([
      ['options', 'messages', 0, 'role'],
      ['options', 'responseMapping', 0, 'item'],
    ]);
  });

  test('a field of another mode keeps its type check (INVALID_OPTIONS, as before)', () => {
    const problems = draftProblems(
      botWith({ id: 'set', type: 'Set variable', options: { variableId: 'v', type: 'Now', expressionToEvaluate: 5 } }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: 'Option expressionToEvaluate must be a string, not integer',
      }),
    );
  });

  test('a save refuses a value outside the list it writes, and keeps one the draft already had', () => {
    const before = definition(
      botWith({ id: 'set', type: 'Set variable', options: { variableId: 'v', type: 'Bogus' } }),
    );
    const kept = definition(botWith({ id: 'set', type: 'Set variable', options: { variableId: 'v', type: 'Bogus' } }));
    expect(newShapeFindings(before, kept)).toEqual([]);
    const written = definition(
      botWith({ id: 'set', type: 'Set variable', options: { variableId: 'v', type: 'Next week' } }),
    );
    expect(newShapeFindings(before, written)).toEqual([
      expect.objectContaining({
        path: ['groups', 0, 'blocks', 1, 'options', 'type'],
        field: 'Value',
        value: 'Next week',
      }),
    ]);
  });
});
