import { phoneInput } from '../../../../../src/engine/blocks/inputs/phone/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('phone number input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ type: 'phone number input', options: { variableId: 'v1', ...options } });
  const parse = async (text: string, options: Record<string, unknown> = {}, ctx = contextWith()) =>
    await phoneInput.parse(block(options), textReply(text), ctx);

  it('declares its types', () => {
    expect(phoneInput.type).toBe('phone number input');
    expect(phoneInput.replyEventType).toBe('phone');
    expect(phoneInput.defaultRetryMessage).toBeUndefined();
  });

  it('formats a national number with the default country in E.164', async () => {
    expect(await parse('06 12 34 56 78', { defaultCountryCode: 'FR' })).toEqual({
      status: 'ok',
      content: '+33612345678',
    });
    expect(await parse('(415) 555-2671', { defaultCountryCode: 'US' })).toEqual({
      status: 'ok',
      content: '+14155552671',
    });
  });

  it('accepts international numbers without a default country, found inside text', async () => {
    expect(await parse('+33 6 12 34 56 78')).toEqual({ status: 'ok', content: '+33612345678' });
    expect(await parse('call me at +1 415 555 2671 please')).toEqual({ status: 'ok', content: '+14155552671' });
  });

  it('substitutes variables in the default country', async () => {
    const ctx = contextWith([variable('vc', 'Country', 'FR')]);
    expect(await parse('0612345678', { defaultCountryCode: '{{Country}}' }, ctx)).toEqual({
      status: 'ok',
      content: '+33612345678',
    });
  });

  it('ignores an unsupported default country', async () => {
    expect(await parse('06 12 34 56 78', { defaultCountryCode: 'ZZ' })).toEqual({ status: 'fail' });
  });

  it('refuses a national number without a country, and text without a number', async () => {
    expect(await parse('06 12 34 56 78')).toEqual({ status: 'fail' });
    expect(await parse('no number here', { defaultCountryCode: 'FR' })).toEqual({ status: 'fail' });
    expect(await phoneInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(
      await phoneInput.display(
        block({ defaultCountryCode: 'FR' }),
        contextWith([variable('v1', 'Phone', '+33612345678')]),
      ),
    ).toEqual({
      id: 'b1',
      type: 'phone number input',
      options: { variableId: 'v1', defaultCountryCode: 'FR' },
      prefilledValue: '+33612345678',
    });
  });
});
