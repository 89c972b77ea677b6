import { textBubble } from '../../../../../src/engine/blocks/bubbles/text/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

const variables = [
  { id: 'vName', name: 'Name', value: 'John' },
  { id: 'vTags', name: 'Tags', value: ['red', 'blue'] },
];

function block(richText?: unknown[]): BlockDefinition {
  return { id: 't1', type: 'text', ...(richText ? { content: { richText } } : {}) } as BlockDefinition;
}

const paragraph = (...children: unknown[]) => ({ type: 'p', children });

describe('text bubble', () => {
  it('is a bubble handler for the "text" type', () => {
    expect(textBubble.category).toBe('bubble');
    expect(textBubble.type).toBe('text');
  });

  it('skips a block without content; content without richText is an empty tree', async () => {
    const { ctx } = testContext({ variables });
    expect(await textBubble.toMessage(block(), ctx)).toBeNull();
    const empty = { id: 't1', type: 'text', content: { html: '<p>legacy</p>' } } as BlockDefinition;
    expect(await textBubble.toMessage(empty, ctx)).toEqual({
      id: 't1',
      type: 'text',
      content: { type: 'richText', richText: [] },
    });
  });

  it('substitutes variables inside the tree, splitting the leaf as the reference does', async () => {
    const { ctx } = testContext({ variables });
    expect(await textBubble.toMessage(block([paragraph({ text: 'Nice to meet you {{Name}}' })]), ctx)).toEqual({
      id: 't1',
      type: 'text',
      content: { type: 'richText', richText: [paragraph({ text: 'Nice to meet you ' }, { text: 'John' })] },
    });
  });

  it('answers markdown when the request asks for it', async () => {
    const { ctx } = testContext({ variables, textFormat: 'markdown' });
    const message = await textBubble.toMessage(
      block([
        paragraph({ text: 'Hello ' }, { text: '{{Name}}', bold: true }),
        paragraph({ text: '' }),
        paragraph({ text: 'Bye' }),
      ]),
      ctx,
    );
    expect(message).toEqual({
      id: 't1',
      type: 'text',
      content: { type: 'markdown', markdown: 'Hello **John**\n\nBye' },
    });
  });

  it('shows a list as JSON text in v6, and only its last item before v6', async () => {
    const tree = [paragraph({ text: 'Tags: {{Tags}}' })];
    const v6 = testContext({ variables }).ctx;
    expect((await textBubble.toMessage(block(tree), v6))!.content).toEqual({
      type: 'richText',
      richText: [paragraph({ text: 'Tags: ' }, { text: '["red","blue"]' })],
    });
    const v5 = testContext({ variables, bot: { version: '5' } }).ctx;
    expect((await textBubble.toMessage(block(tree), v5))!.content).toEqual({
      type: 'richText',
      richText: [paragraph({ text: 'Tags: ' }, { text: 'blue' })],
    });
  });
});
