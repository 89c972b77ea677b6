import { numberInput } from '../../../../../src/engine/blocks/inputs/number/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('number input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ type: 'number input', options: { variableId: 'v1', ...options } });
  const parse = async (text: string, options: Record<string, unknown> = {}, ctx = contextWith()) =>
    await numberInput.parse(block(options), textReply(text), ctx);

  it('declares its types', () => {
    expect(numberInput.type).toBe('number input');
    expect(numberInput.replyEventType).toBe('number');
    expect(numberInput.defaultRetryMessage).toBeUndefined();
  });

  it.each([
    ['1,5', '1.5'],
    ['42', '42'],
    ['1.50', '1.5'],
    ['1e3', '1000'],
    ['12abc', '12'],
    ['-3', '-3'],
    ['1,234,5', '1.234'],
  ])('normalises %j to %j', async (text, content) => {
    expect(await parse(text)).toEqual({ status: 'ok', content });
  });

  it.each(['007', '0.50', '0,5', '0'])('keeps %j verbatim (starts with 0)', async (text) => {
    expect(await parse(text)).toEqual({ status: 'ok', content: text });
  });

  it.each(['', 'abc', ' ', ','])('refuses %j', async (text) => {
    expect(await parse(text)).toEqual({ status: 'fail' });
  });

  it('applies min and max, substituted and parsed like replies', async () => {
    const ctx = contextWith([variable('vmax', 'Max', '10,5')]);
    const options = { min: '2', max: '{{Max}}' };
    expect(await parse('2', options, ctx)).toEqual({ status: 'ok', content: '2' });
    expect(await parse('10.5', options, ctx)).toEqual({ status: 'ok', content: '10.5' });
    expect(await parse('1', options, ctx)).toEqual({ status: 'fail' });
    expect(await parse('11', options, ctx)).toEqual({ status: 'fail' });
    expect(await parse('5', { min: 3, max: 4 })).toEqual({ status: 'fail' });
  });

  it('ignores a min or max of 0 or empty (reference quirk)', async () => {
    expect(await parse('-5', { min: 0 })).toEqual({ status: 'ok', content: '-5' });
    expect(await parse('5', { max: '0' })).toEqual({ status: 'ok', content: '5' });
    expect(await parse('5', { max: '{{Unset}}' })).toEqual({ status: 'ok', content: '5' });
  });

  it('fails without a text message', async () => {
    expect(await numberInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(
      await numberInput.display(
        block({ min: '{{Min}}' }),
        contextWith([variable('v1', 'Age', '30'), variable('v2', 'Min', '18')]),
      ),
    ).toEqual({
      id: 'b1',
      type: 'number input',
      options: { variableId: 'v1', min: '18' },
      prefilledValue: '30',
    });
  });
});
