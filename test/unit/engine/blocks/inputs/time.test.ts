import { timeInput } from '../../../../../src/engine/blocks/inputs/time';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('time input', () => {
  const block = (options: Record<string, unknown> = {}) => inputBlock({ type: 'time input', options: { variableId: 'v1', ...options } });
  const parse = (text: string, options: Record<string, unknown> = {}) => timeInput.parse(block(options), textReply(text), contextWith());

  it('declares its types', () => {
    expect(timeInput.type).toBe('time input');
    expect(timeInput.replyEventType).toBe('time');
  });

  it('reads natural-language times, formatted HH:mm by default', () => {
    expect(parse('3pm')).toEqual({ status: 'ok', content: '15:00' });
    expect(parse('15:30')).toEqual({ status: 'ok', content: '15:30' });
    expect(parse('noon')).toEqual({ status: 'ok', content: '12:00' });
    expect(parse('at 7:05 am')).toEqual({ status: 'ok', content: '07:05' });
  });

  it('uses the configured format', () => {
    expect(parse('15:30', { format: 'h:mm a' })).toEqual({ status: 'ok', content: '3:30 PM' });
  });

  it('computes relative times from the engine clock (10:00 UTC)', () => {
    expect(parse('in 2 hours')).toEqual({ status: 'ok', content: '12:00' });
  });

  it('refuses text without a time', () => {
    expect(parse('whenever')).toEqual({ status: 'fail' });
    expect(timeInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', () => {
    expect(timeInput.display(block(), contextWith([variable('v1', 'At', '10:00')]))).toEqual({
      id: 'b1',
      type: 'time input',
      options: { variableId: 'v1' },
      prefilledValue: '10:00',
    });
  });
});
