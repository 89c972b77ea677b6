import { embedBubble, numericHeight } from '../../../../../src/engine/blocks/bubbles/embed/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

const variables = [
  { id: 'vH', name: 'Height', value: '350' },
  { id: 'vPage', name: 'Page', value: 'https://app.example/form' },
  { id: 'vOut', name: 'Result' },
  { id: 'vBad', name: 'Bad', value: 'tall' },
];

function block(content?: Record<string, unknown>): BlockDefinition {
  return { id: 'em1', type: 'embed', ...(content ? { content } : {}) } as BlockDefinition;
}

const waiting = (saveDataInVariableId?: string) =>
  block({
    url: '{{Page}}',
    height: 400,
    waitForEvent: { isEnabled: true, name: 'done', ...(saveDataInVariableId ? { saveDataInVariableId } : {}) },
  });

describe('numericHeight', () => {
  it('reads numbers and numeric texts, refuses the rest', () => {
    expect(numericHeight(300)).toBe(300);
    expect(numericHeight('250')).toBe(250);
    expect(numericHeight('12.5')).toBe(12.5);
    expect(numericHeight('300px')).toBe(300);
    expect(numericHeight('')).toBeUndefined();
    expect(numericHeight('tall')).toBeUndefined();
    expect(numericHeight(undefined)).toBeUndefined();
    expect(numericHeight(Number.NaN)).toBeUndefined();
  });
});

describe('embed bubble', () => {
  it('skips a block without content', async () => {
    const { ctx } = testContext({ variables });
    expect(await embedBubble.toMessage(block(), ctx)).toBeNull();
  });

  it('substitutes strings and turns a {{var}} height into a number', async () => {
    const { ctx } = testContext({ variables });
    expect(await embedBubble.toMessage(block({ url: '{{Page}}?a=1', height: '{{Height}}' }), ctx)).toEqual({
      id: 'em1',
      type: 'embed',
      content: { url: 'https://app.example/form?a=1', height: 350 },
    });
  });

  it('keeps a numeric height, adds none when the block has none, drops a non-numeric one', async () => {
    const { ctx } = testContext({ variables });
    expect((await embedBubble.toMessage(block({ url: 'https://x.example', height: 200 }), ctx))?.content).toEqual({
      url: 'https://x.example',
      height: 200,
    });
    const noHeight = (await embedBubble.toMessage(block({ url: 'https://x.example' }), ctx))?.content as Record<
      string,
      unknown
    >;
    expect(noHeight).toEqual({ url: 'https://x.example' });
    expect('height' in noHeight).toBe(false);
    expect((await embedBubble.toMessage(block({ url: 'https://x.example', height: '{{Bad}}' }), ctx))?.content).toEqual(
      { url: 'https://x.example' },
    );
  });

  it('sends waitForEvent as part of the content', async () => {
    const { ctx } = testContext({ variables });
    expect((await embedBubble.toMessage(waiting('vOut'), ctx))?.content).toEqual({
      url: 'https://app.example/form',
      height: 400,
      waitForEvent: { isEnabled: true, name: 'done', saveDataInVariableId: 'vOut' },
    });
  });

  it('waits for a reply only when waitForEvent is enabled', () => {
    expect(embedBubble.waitsForReply!(waiting('vOut'))).toBe(true);
    expect(embedBubble.waitsForReply!(block({ url: 'x', waitForEvent: { isEnabled: false, name: 'done' } }))).toBe(
      false,
    );
    expect(embedBubble.waitsForReply!(block({ url: 'x' }))).toBe(false);
    expect(embedBubble.waitsForReply!(block())).toBe(false);
  });

  it('stores the reply text in the variable, JSON-parsed when it is JSON', async () => {
    const { ctx, state } = testContext({ variables });
    await embedBubble.onReply!(waiting('vOut'), { type: 'text', text: '{"score": 12, "ok": true}' }, ctx);
    expect(state.queue[0]!.variables.find((v) => v.id === 'vOut')?.value).toBe('{"score":12,"ok":true}');
    await embedBubble.onReply!(waiting('vOut'), { type: 'text', text: '["a","b"]' }, ctx);
    expect(state.queue[0]!.variables.find((v) => v.id === 'vOut')?.value).toEqual(['a', 'b']);
    await embedBubble.onReply!(waiting('vOut'), { type: 'text', text: 'plain words' }, ctx);
    expect(state.queue[0]!.variables.find((v) => v.id === 'vOut')?.value).toBe('plain words');
    await embedBubble.onReply!(waiting('vOut'), { type: 'text', text: '42' }, ctx);
    expect(state.queue[0]!.variables.find((v) => v.id === 'vOut')?.value).toBe('42');
  });

  it('stores nothing without a target variable, without a text reply, or for an unknown variable', async () => {
    const { ctx, state } = testContext({ variables });
    const before = structuredClone(state.queue[0]!.variables);
    await embedBubble.onReply!(waiting(), { type: 'text', text: 'data' }, ctx);
    await embedBubble.onReply!(waiting('vOut'), undefined, ctx);
    await embedBubble.onReply!(waiting('vOut'), { type: 'audio', url: 'https://a.example/x.mp3' }, ctx);
    await embedBubble.onReply!(waiting('nope'), { type: 'text', text: 'data' }, ctx);
    expect(state.queue[0]!.variables).toEqual(before);
  });
});
