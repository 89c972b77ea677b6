import { toRuntimeBot } from '../../../../src/engine/definition/runtime';
import { parseDefinition } from '../../../../src/engine/definition/parse';
import { opt, optionsSchema, readOptions } from '../../../../src/engine/blocks/options';
import { handlerFor } from '../../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../../src/engine/definition/schema';

// Typed block options: each module's schema, lenient as the runtime always
// was, parsed once per block object and up front when a definition loads.

const schema = optionsSchema({
  url: opt.string(),
  isNewTab: opt.boolean(),
  count: opt.numberOrString(),
  rows: opt.objectList({ key: opt.string() }),
});

const block = (options: unknown): BlockDefinition => ({ id: 'b', type: 'Redirect', options }) as BlockDefinition;

describe('readOptions', () => {
  it('reads typed values; wrong-typed fields read as absent; unknown fields are kept; absent options read as {}', () => {
    expect(
      readOptions(
        schema,
        block({ url: 'https://a.b', isNewTab: 'yes', count: 3, extra: 1, rows: [{ key: 'k' }, 'junk', { key: 4 }] }),
      ),
    ).toEqual({
      url: 'https://a.b',
      isNewTab: undefined,
      count: 3,
      extra: 1,
      rows: [{ key: 'k' }, { key: undefined }],
    });
    expect(readOptions(schema, block(null))).toEqual({
      url: undefined,
      isNewTab: undefined,
      count: undefined,
      rows: [],
    });
    expect(readOptions(schema, block(['not', 'an', 'object']))).toEqual({ rows: [] });
  });

  it('parses a block once: the same object is answered for the same block object', () => {
    const shared = block({ url: 'x' });
    expect(readOptions(schema, shared)).toBe(readOptions(schema, shared));
    expect(readOptions(schema, block({ url: 'x' }))).not.toBe(readOptions(schema, shared));
  });

  it('every module declares a schema that accepts anything a definition holds', () => {
    for (const type of [
      'text',
      'text input',
      'date input',
      'choice input',
      'cards',
      'Set variable',
      'Code',
      'Jump',
      'Typebot link',
      'Webhook',
      'Email',
      'openai',
    ]) {
      const handler = handlerFor(type)!;
      expect(() =>
        readOptions(handler.options, {
          id: `b-${type}`,
          type,
          options: { anything: [1, { deep: true }], variableId: 42 },
        } as BlockDefinition),
      ).not.toThrow();
    }
  });

  it('toRuntimeBot parses every block up front: reading during a turn finds it already parsed', () => {
    const parsed = parseDefinition({
      version: '6',
      events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e' }],
      groups: [{ id: 'g', title: 'G', blocks: [{ id: 'r', type: 'Redirect', options: { url: 'https://x.y' } }] }],
      edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } }],
    });
    if (!parsed.ok) throw new Error('fixture does not parse');
    const bot = toRuntimeBot('bot', parsed.definition);
    const redirect = bot.groups[0]!.blocks[0]!;
    const handler = handlerFor('Redirect')!;
    const spy = jest.spyOn(handler.options, 'parse');
    expect(readOptions(handler.options, redirect)).toMatchObject({ url: 'https://x.y' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
