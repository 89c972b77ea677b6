import Ajv2020 from 'ajv/dist/2020';
import { blockCatalog, type BlockTypeInfo } from '../../../../src/engine/blocks/catalog';
import { handledBlockTypes, handlerFor } from '../../../../src/engine/blocks/registry';
import { parseDefinition } from '../../../../src/engine/definition/parse';
import { BLOCK_DEFINITIONS } from '../../../../src/engine/blocks/definitions';
import { DEFAULT_BUTTON_LABEL } from '../../../../src/engine/shapes/theme-defaults';

const catalog = blockCatalog();
const entry = (type: string): BlockTypeInfo => {
  const found = catalog.find((info) => info.type === type);
  if (!found) throw new Error(`no catalog entry for ${type}`);
  return found;
};
const ajv = new Ajv2020({ strict: false });

/** The palette's block with the ids the editor gives (block, items, card paths), in a one-group v6 bot. */
function botWith(block: BlockTypeInfo['defaultBlock']) {
  const items = block.items?.map((item, index) => ({ ...item, id: `item-${index}` }));
  return {
    version: '6.1',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'edge' }],
    edges: [{ id: 'edge', from: { eventId: 'start' }, to: { groupId: 'group' } }],
    groups: [{ id: 'group', title: 'Group', blocks: [{ ...block, id: 'block', ...(items ? { items } : {}) }] }],
    variables: [],
  };
}

describe('block catalog', () => {
  test('has one entry per registry type, in registry order', () => {
    expect(catalog.map((info) => info.type)).toEqual(handledBlockTypes());
  });

  describe.each(handledBlockTypes())('%s', (type) => {
    const info = entry(type);
    const handler = handlerFor(type)!;

    test('has a label and a category', () => {
      expect(info.label.trim()).not.toBe('');
      expect(['bubbles', 'inputs', 'logic', 'integrations', 'ai']).toContain(info.category);
    });

    test('optionsSchema is a valid JSON Schema of an object, every field titled', () => {
      expect(info.optionsSchema.type).toBe('object');
      expect(() => ajv.compile(info.optionsSchema)).not.toThrow();
      for (const field of Object.values(info.optionsSchema.properties as Record<string, { title?: string }>))
        expect(field.title).toEqual(expect.any(String));
      if (handler.category === 'bubble') expect(() => ajv.compile(info.contentSchema!)).not.toThrow();
      else expect(info.contentSchema).toBeNull();
    });

    test('defaultBlock parses as a definition, its options with the module schema, and matches optionsSchema', () => {
      expect(info.defaultBlock.type).toBe(type);
      const parsed = parseDefinition(botWith(info.defaultBlock));
      expect(parsed).toMatchObject({ ok: true });
      expect(() => handler.options.parse(info.defaultBlock.options)).not.toThrow();
      expect(ajv.validate(info.optionsSchema, info.defaultBlock.options ?? {})).toBe(true);
      if (handler.category === 'bubble')
        expect(ajv.validate(info.contentSchema!, info.defaultBlock.content)).toBe(true);
      if (info.itemSchema) {
        expect(() => ajv.compile(info.itemSchema!)).not.toThrow();
        for (const item of info.defaultBlock.items ?? []) expect(ajv.validate(info.itemSchema, item)).toBe(true);
      }
    });
  });

  test('categories: bubbles, inputs, logic, integrations, and AI for the forge providers and legacy OpenAI', () => {
    expect(entry('text').category).toBe('bubbles');
    expect(entry('email input').category).toBe('inputs');
    expect(entry('Condition').category).toBe('logic');
    expect(entry('Webhook').category).toBe('integrations');
    expect(entry('Email').category).toBe('integrations');
    expect(entry('openai').category).toBe('ai');
    expect(entry('anthropic').category).toBe('ai');
    expect(entry('OpenAI').category).toBe('ai');
    expect(entry('Webhook').label).toBe('HTTP request');
    expect(entry('choice input').label).toBe('Buttons');
  });

  test('variable, credentials, code and rich text fields carry their widget', () => {
    // A field of one mode only is in that mode's variant (form-schema.ts).
    const field = (node: Record<string, unknown>, key: string) =>
      [node, ...((node.oneOf as Record<string, unknown>[] | undefined) ?? [])]
        .map((each) => (each.properties as Record<string, Record<string, unknown>> | undefined)?.[key])
        .find((found) => typeof found === 'object' && found !== null)!;
    const widget = (schema: Record<string, unknown>, ...path: string[]) =>
      path.reduce<Record<string, unknown>>(field, schema)['x-parley-widget'];
    expect(widget(entry('text input').optionsSchema, 'variableId')).toBe('variable');
    expect(widget(entry('Set variable').optionsSchema, 'variableId')).toBe('variable');
    expect(widget(entry('Set variable').optionsSchema, 'mapListItemParams', 'baseListVariableId')).toBe('variable');
    expect(widget(entry('Set variable').optionsSchema, 'expressionToEvaluate')).toBe('code');
    expect(widget(entry('Code').optionsSchema, 'content')).toBe('code');
    expect(widget(entry('openai').optionsSchema, 'credentialsId')).toBe('credentials');
    expect(widget(entry('text').contentSchema!, 'richText')).toBe('richText');
    const comparisons = (entry('Condition').itemSchema!.properties as Record<string, Record<string, any>>).content!
      .properties.comparisons;
    expect(comparisons.title).toBe('Comparisons');
    expect(comparisons.items.properties.variableId).toMatchObject({ title: 'Variable', 'x-parley-widget': 'variable' });
    expect(comparisons.items.properties.comparisonOperator.enum).toContain('Equal to');
    const mapping = field(entry('openai').optionsSchema, 'responseMapping').items as Record<string, unknown>;
    expect(widget(mapping, 'variableId')).toBe('variable');
  });

  test('fields have human titles', () => {
    const title = (type: string, key: string) =>
      (entry(type).optionsSchema.properties as Record<string, { title: string }>)[key]!.title;
    expect(title('text input', 'isLong')).toBe('Long text');
    expect(title('Redirect', 'url')).toBe('URL');
    expect(title('Wait', 'secondsToWaitFor')).toBe('Seconds to wait for');
    expect(title('Webhook', 'timeout')).toBe('Timeout (seconds)');
    expect(title('Email', 'recipients')).toBe('To');
    expect(title('Jump', 'groupId')).toBe('Group');
  });

  test('lists describe their entries', () => {
    const recipients = (entry('Email').optionsSchema.properties as Record<string, Record<string, unknown>>).recipients;
    expect(recipients).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(ajv.validate(entry('Email').optionsSchema, { recipients: [1] })).toBe(false);
  });

  test('new inputs show the labels the chat widget uses when none is set', () => {
    const placeholders = BLOCK_DEFINITIONS.filter((definition) => definition.placeholder);
    expect(placeholders.map((definition) => definition.type).sort()).toEqual(
      ['email input', 'number input', 'phone number input', 'text input', 'url input'].sort(),
    );
    for (const { type, placeholder } of placeholders) {
      expect(entry(type).defaultBlock.options).toMatchObject({ labels: { placeholder, button: DEFAULT_BUTTON_LABEL } });
    }
    expect(entry('email input').defaultBlock.options?.retryMessageContent).toBe(
      "This email doesn't seem to be valid. Can you type it again?",
    );
    expect(entry('choice input').defaultBlock.items).toHaveLength(1);
    expect(entry('Condition').defaultBlock.items).toEqual([
      { content: { logicalOperator: 'AND', comparisons: [{ comparisonOperator: 'Equal to', value: '' }] } },
    ]);
  });
});
