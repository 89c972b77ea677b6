import { dateInput } from '../../../../../src/engine/blocks/inputs/date/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';
import type { RuntimeVariable } from '../../../../../src/engine/session';

describe('date input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ outgoingEdgeId: 'e1', type: 'date input', options: { variableId: 'v1', ...options } });
  /** The env clock is 2026-01-15T10:00Z unless `now` is given. */
  const parse = async (
    text: string,
    options: Record<string, unknown> = {},
    variables: RuntimeVariable[] = [],
    now?: string,
  ) =>
    await dateInput.parse(
      block(options),
      textReply(text),
      contextWith(variables, now ? { env: { now: () => new Date(now) } } : {}),
    );

  it('declares its types', () => {
    expect(dateInput.type).toBe('date input');
    expect(dateInput.replyEventType).toBe('date');
  });

  it('reads "tomorrow" relative to the engine clock, not the system clock', async () => {
    expect(await parse('tomorrow')).toEqual({ status: 'ok', content: '16/01/2026' });
    expect(await parse('tomorrow', {}, [], '2025-01-31T12:00:00.000Z')).toEqual({
      status: 'ok',
      content: '01/02/2025',
    });
    expect(await parse('today', {}, [], '2025-01-31T23:59:00.000Z')).toEqual({ status: 'ok', content: '31/01/2025' });
  });

  it('accepts ISO and day-first dates with the default format dd/MM/yyyy', async () => {
    expect(await parse('2024-01-31')).toEqual({ status: 'ok', content: '31/01/2024' });
    expect(await parse('31/01/2024')).toEqual({ status: 'ok', content: '31/01/2024' });
    expect(await parse('01/02/2024')).toEqual({ status: 'ok', content: '01/02/2024' });
  });

  it('reads month first when the format does not start with dd', async () => {
    expect(await parse('01/02/2024', { format: 'yyyy-MM-dd' })).toEqual({ status: 'ok', content: '2024-01-02' });
    expect(await parse('01/02/2024', { format: 'dd MMM yyyy' })).toEqual({ status: 'ok', content: '01 Feb 2024' });
  });

  it('formats with Unicode TR35 tokens, day-of-year tokens allowed', async () => {
    expect(await parse('tomorrow', { format: 'EEEE d MMMM yyyy' })).toEqual({
      status: 'ok',
      content: 'Friday 16 January 2026',
    });
    expect(await parse('2024-02-01', { format: 'yyyy-DDD' })).toEqual({ status: 'ok', content: '2024-032' });
  });

  it('falls back to the default format when the pattern is invalid', async () => {
    expect(await parse('2024-01-31', { format: 'dd/MM/yyyy jj' })).toEqual({ status: 'ok', content: '31/01/2024' });
  });

  it('adds the time with hasTime', async () => {
    expect(await parse('tomorrow at 3pm', { hasTime: true })).toEqual({ status: 'ok', content: '16/01/2026 15:00' });
    expect(await parse('31/01/2024 08:45', { hasTime: true })).toEqual({ status: 'ok', content: '31/01/2024 08:45' });
    expect(await parse('2024-01-31T10:00:00+02:00', { hasTime: true })).toEqual({
      status: 'ok',
      content: '31/01/2024 08:00',
    });
  });

  it('gives ranges with the separator (default "to") and fails a range without an end', async () => {
    expect(await parse('from 1 to 5 march 2024', { isRange: true })).toEqual({
      status: 'ok',
      content: '01/03/2024 to 05/03/2024',
    });
    expect(await parse('from 1 to 5 march 2024', { isRange: true, labels: { separator: 'until' } })).toEqual({
      status: 'ok',
      content: '01/03/2024 until 05/03/2024',
    });
    expect(await parse('5 march 2024', { isRange: true })).toEqual({ status: 'fail' });
    expect(await parse('from 1 to 5 march 2024')).toEqual({ status: 'ok', content: '01/03/2024' });
  });

  it('applies min and max by day (variables substituted, ISO date-times cut)', async () => {
    const variables = [variable('vmax', 'Max', '2024-01-31T22:30:00.000Z')];
    const options = { min: '2024-01-10', max: '{{Max}}' };
    expect(await parse('2024-01-09', options, variables)).toEqual({ status: 'fail' });
    expect(await parse('2024-01-10', options, variables)).toEqual({ status: 'ok', content: '10/01/2024' });
    expect(await parse('31/01/2024', options, variables)).toEqual({ status: 'ok', content: '31/01/2024' });
    expect(await parse('01/02/2024', options, variables)).toEqual({ status: 'fail' });
    expect(await parse('from 20 january to 2 february 2024', { ...options, isRange: true }, variables)).toEqual({
      status: 'fail',
    });
  });

  it('applies min and max to the minute with hasTime', async () => {
    const options = { hasTime: true, max: '2024-01-31T10:00' };
    expect(await parse('31/01/2024 10:00', options)).toEqual({ status: 'ok', content: '31/01/2024 10:00' });
    expect(await parse('31/01/2024 10:01', options)).toEqual({ status: 'fail' });
  });

  it('ignores limits that are empty or not dates', async () => {
    expect(await parse('2024-01-31', { min: '{{Unset}}', max: 'whenever' })).toEqual({
      status: 'ok',
      content: '31/01/2024',
    });
  });

  it('refuses text without a date and missing messages', async () => {
    expect(await parse('nothing here')).toEqual({ status: 'fail' });
    expect(await dateInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('gives the same result whatever the server time zone', async () => {
    const saved = process.env.TZ;
    try {
      const results: unknown[] = [];
      for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
        process.env.TZ = zone;
        results.push([
          await parse('tomorrow', {}, [], '2026-01-15T23:30:00.000Z'),
          await parse('31/01/2024 08:45', { hasTime: true }),
          await parse('31/01/2024', { max: '2024-01-31' }),
        ]);
      }
      expect(results[0]).toEqual([
        { status: 'ok', content: '16/01/2026' },
        { status: 'ok', content: '31/01/2024 08:45' },
        { status: 'ok', content: '31/01/2024' },
      ]);
      expect(results[1]).toEqual(results[0]);
      expect(results[2]).toEqual(results[0]);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  describe('display', () => {
    it('substitutes min/max and cuts ISO date-times to the date', async () => {
      const variables = [variable('v1', 'Birthday', '01/01/2000'), variable('vs', 'Start', '2024-01-10T08:30:00.000Z')];
      const input = await dateInput.display(
        block({ min: '{{Start}}', max: '2024-12-31', labels: { button: 'Go {{Birthday}}' } }),
        contextWith(variables),
      );
      expect(input).toEqual({
        id: 'b1',
        outgoingEdgeId: 'e1',
        type: 'date input',
        options: { variableId: 'v1', min: '2024-01-10', max: '2024-12-31', labels: { button: 'Go 01/01/2000' } },
        prefilledValue: '01/01/2000',
      });
      expect(Object.keys(input.options as object)).toEqual(['variableId', 'min', 'max', 'labels']);
    });

    it('keeps the time of limits with hasTime', async () => {
      const input = await dateInput.display(
        block({ hasTime: true, min: '{{Start}}' }),
        contextWith([variable('vs', 'Start', '2024-01-10T08:30:00.000Z')]),
      );
      expect(input.options).toEqual({ variableId: 'v1', hasTime: true, min: '2024-01-10T08:30' });
    });

    it('drops empty limits and works without options', async () => {
      expect((await dateInput.display(block({ min: '' }), contextWith())).options).toEqual({ variableId: 'v1' });
      expect(await dateInput.display(inputBlock({ type: 'date input' }), contextWith())).toEqual({
        id: 'b1',
        type: 'date input',
      });
    });
  });
});
