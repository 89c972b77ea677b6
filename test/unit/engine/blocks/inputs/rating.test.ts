import { ratingInput } from '../../../../../src/engine/blocks/inputs/rating/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('rating input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ type: 'rating input', options: { variableId: 'v1', ...options } });
  const parse = async (text: string, options: Record<string, unknown> = {}) =>
    await ratingInput.parse(block(options), textReply(text), contextWith());

  it('declares its types', () => {
    expect(ratingInput.type).toBe('rating input');
    expect(ratingInput.replyEventType).toBe('rating');
  });

  it('accepts values up to the length (default 10), as typed', async () => {
    expect(await parse('10')).toEqual({ status: 'ok', content: '10' });
    expect(await parse('7', { length: 7, startsAt: 1 })).toEqual({ status: 'ok', content: '7' });
    expect(await parse('8', { length: 7 })).toEqual({ status: 'fail' });
    expect(await parse('11')).toEqual({ status: 'fail' });
  });

  it('reproduces the reference quirk: no lower bound, decimals and empty text pass', async () => {
    expect(await parse('-3')).toEqual({ status: 'ok', content: '-3' });
    expect(await parse('2.5')).toEqual({ status: 'ok', content: '2.5' });
    expect(await parse('')).toEqual({ status: 'ok', content: '' });
    expect(await parse('0', { startsAt: 1 })).toEqual({ status: 'ok', content: '0' });
  });

  it('refuses text that is not a number', async () => {
    expect(await parse('great')).toEqual({ status: 'fail' });
    expect(await ratingInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(
      await ratingInput.display(
        block({ length: 5, labels: { left: 'Bad' } }),
        contextWith([variable('v1', 'Score', '4')]),
      ),
    ).toEqual({
      id: 'b1',
      type: 'rating input',
      options: { variableId: 'v1', length: 5, labels: { left: 'Bad' } },
      prefilledValue: '4',
    });
  });
});
