import { audioBubble } from '../../../../../src/engine/blocks/bubbles/audio/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

function block(content?: Record<string, unknown>): BlockDefinition {
  return { id: 'au1', type: 'audio', outgoingEdgeId: 'e1', ...(content ? { content } : {}) } as BlockDefinition;
}

describe('audio bubble', () => {
  it('is a bubble handler for the "audio" type', () => {
    expect(audioBubble.category).toBe('bubble');
    expect(audioBubble.type).toBe('audio');
  });

  it('skips a block without content', async () => {
    const { ctx } = testContext();
    expect(await audioBubble.toMessage(block(), ctx)).toBeNull();
  });

  it('substitutes the url and keeps the other content keys (no outgoingEdgeId in the message)', async () => {
    const { ctx } = testContext({
      variables: [{ id: 'v1', name: 'Welcome audio', value: 'https://cdn.example/hi.mp3' }],
    });
    expect(await audioBubble.toMessage(block({ url: '{{Welcome audio}}', isAutoplayEnabled: false }), ctx)).toEqual({
      id: 'au1',
      type: 'audio',
      content: { url: 'https://cdn.example/hi.mp3', isAutoplayEnabled: false },
    });
  });

  it('sends an empty content object as it is', async () => {
    const { ctx } = testContext();
    expect(await audioBubble.toMessage(block({}), ctx)).toEqual({ id: 'au1', type: 'audio', content: {} });
  });
});
