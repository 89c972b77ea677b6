import { imageBubble } from '../../../../../src/engine/blocks/bubbles/image/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

const variables = [
  { id: 'vUrl', name: 'Poster URL', value: 'https://img.example/poster.png' },
  { id: 'vAlt', name: 'Alt', value: 'A poster' },
];

function block(content?: Record<string, unknown>): BlockDefinition {
  return { id: 'img1', type: 'image', ...(content ? { content } : {}) } as BlockDefinition;
}

describe('image bubble', () => {
  it('is a bubble handler for the "image" type', () => {
    expect(imageBubble.category).toBe('bubble');
    expect(imageBubble.type).toBe('image');
  });

  it('skips a block without content', async () => {
    const { ctx } = testContext({ variables });
    expect(await imageBubble.toMessage(block(), ctx)).toBeNull();
  });

  it('sends the content with only the keys the block has', async () => {
    const { ctx } = testContext({ variables });
    const message = await imageBubble.toMessage(block({ url: 'https://media.example/a.gif' }), ctx);
    expect(message).toEqual({ id: 'img1', type: 'image', content: { url: 'https://media.example/a.gif' } });
    expect(Object.keys(message!.content as object)).toEqual(['url']);
  });

  it('substitutes variables in the url and the click link', async () => {
    const { ctx } = testContext({ variables });
    const message = await imageBubble.toMessage(
      block({ url: '{{Poster URL}}', clickLink: { url: 'https://site.example/?q={{Alt}}', alt: '{{Alt}}' } }),
      ctx,
    );
    expect(message).toEqual({
      id: 'img1',
      type: 'image',
      content: {
        url: 'https://img.example/poster.png',
        clickLink: { url: 'https://site.example/?q=A poster', alt: 'A poster' },
      },
    });
  });

  it('renders an unknown variable as an empty string and does not mutate the block', async () => {
    const { ctx } = testContext({ variables });
    const source = block({ url: '{{Missing}}' });
    expect((await imageBubble.toMessage(source, ctx))?.content).toEqual({ url: '' });
    expect(source.content).toEqual({ url: '{{Missing}}' });
  });

  it('does not wait for a reply', () => {
    expect(imageBubble.waitsForReply?.(block({ url: 'x' })) ?? false).toBe(false);
  });
});
