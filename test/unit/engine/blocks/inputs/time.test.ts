import { timeInput } from '../../../../../src/engine/blocks/inputs/time/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('time input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ type: 'time input', options: { variableId: 'v1', ...options } });
  const parse = async (text: string, options: Record<string, unknown> = {}) =>
    await timeInput.parse(block(options), textReply(text), contextWith());

  it('declares its types', () => {
    expect(timeInput.type).toBe('time input');
    expect(timeInput.replyEventType).toBe('time');
  });

  it('reads natural-language times, formatted HH:mm by default', async () => {
    expect(await parse('3pm')).toEqual({ status: 'ok', content: '15:00' });
    expect(await parse('15:30')).toEqual({ status: 'ok', content: '15:30' });
    expect(await parse('noon')).toEqual({ status: 'ok', content: '12:00' });
    expect(await parse('at 7:05 am')).toEqual({ status: 'ok', content: '07:05' });
  });

  it('uses the configured format', async () => {
    expect(await parse('15:30', { format: 'h:mm a' })).toEqual({ status: 'ok', content: '3:30 PM' });
  });

  it('computes relative times from the engine clock (10:00 UTC)', async () => {
    expect(await parse('in 2 hours')).toEqual({ status: 'ok', content: '12:00' });
  });

  it('refuses text without a time', async () => {
    expect(await parse('whenever')).toEqual({ status: 'fail' });
    expect(await timeInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(await timeInput.display(block(), contextWith([variable('v1', 'At', '10:00')]))).toEqual({
      id: 'b1',
      type: 'time input',
      options: { variableId: 'v1' },
      prefilledValue: '10:00',
    });
  });
});
