import { textInput } from '../../../../../src/engine/blocks/inputs/text/block';
import { audioReply, contextWith, inputBlock, textReply, variable } from './helpers';

describe('text input', () => {
  const block = inputBlock({
    outgoingEdgeId: 'e1',
    type: 'text input',
    options: { variableId: 'v1', labels: { placeholder: 'Hi {{Name}}' } },
  });

  it('declares its wire type and reply-event type', () => {
    expect(textInput.category).toBe('input');
    expect(textInput.type).toBe('text input');
    expect(textInput.replyEventType).toBe('text');
    expect(textInput.defaultRetryMessage).toBeUndefined();
  });

  it('accepts any text as typed, including an empty one', async () => {
    const ctx = contextWith();
    expect(await textInput.parse(block, textReply('  John  '), ctx)).toEqual({ status: 'ok', content: '  John  ' });
    expect(await textInput.parse(block, textReply(''), ctx)).toEqual({ status: 'ok', content: '' });
  });

  it('answers an audio message with its URL', async () => {
    expect(await textInput.parse(block, audioReply('https://x.io/a.mp3'), contextWith())).toEqual({
      status: 'ok',
      content: 'https://x.io/a.mp3',
    });
  });

  it('fails without a message or on a command', async () => {
    expect(await textInput.parse(block, undefined, contextWith())).toEqual({ status: 'fail' });
    expect(await textInput.parse(block, { type: 'command', command: 'x' }, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the block as stored, substituted, keys in order, with the prefilled value last', async () => {
    const ctx = contextWith([variable('v1', 'Name', 'Ann')]);
    const input = await textInput.display(block, ctx);
    expect(input).toEqual({
      id: 'b1',
      outgoingEdgeId: 'e1',
      type: 'text input',
      options: { variableId: 'v1', labels: { placeholder: 'Hi Ann' } },
      prefilledValue: 'Ann',
    });
    expect(Object.keys(input)).toEqual(['id', 'outgoingEdgeId', 'type', 'options', 'prefilledValue']);
  });

  it('does not prefill from an empty string, a list or an unset variable', async () => {
    for (const value of ['', ['a', 'b'], null, undefined] as const) {
      const input = await textInput.display(block, contextWith([variable('v1', 'Name', value as never)]));
      expect(input).not.toHaveProperty('prefilledValue');
    }
  });

  it('does not modify the stored block', async () => {
    const ctx = contextWith([variable('v1', 'Name', 'Ann')]);
    await textInput.display(block, ctx);
    expect(block.options).toEqual({ variableId: 'v1', labels: { placeholder: 'Hi {{Name}}' } });
  });

  it('matches a recorded input object (lead-gen)', async () => {
    const stored = inputBlock({
      id: 'sqEsMo747LTDnY9FjQcEwUv',
      outgoingEdgeId: '4tYbERpi5Po4goVgt6rWXg',
      type: 'text input',
      options: { variableId: 'giiLFGw5xXBCHzvp1qAbdX' },
    });
    expect(
      JSON.stringify(await textInput.display(stored, contextWith([variable('giiLFGw5xXBCHzvp1qAbdX', 'Name')]))),
    ).toBe(
      '{"id":"sqEsMo747LTDnY9FjQcEwUv","outgoingEdgeId":"4tYbERpi5Po4goVgt6rWXg","type":"text input","options":{"variableId":"giiLFGw5xXBCHzvp1qAbdX"}}',
    );
  });
});
