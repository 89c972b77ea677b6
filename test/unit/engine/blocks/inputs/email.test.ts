import { emailInput, isEmail } from '../../../../../src/engine/blocks/inputs/email/block';
import { audioReply, contextWith, inputBlock, textReply, variable } from './helpers';

describe('email input', () => {
  const block = inputBlock({ outgoingEdgeId: 'e1', type: 'email input', options: { variableId: 'v1' } });
  const parse = async (text: string) => await emailInput.parse(block, textReply(text), contextWith());

  it('declares its types and built-in retry message', () => {
    expect(emailInput.type).toBe('email input');
    expect(emailInput.replyEventType).toBe('email');
    expect(emailInput.defaultRetryMessage).toBe("This email doesn't seem to be valid. Can you type it again?");
  });

  it('lower-cases a valid address', async () => {
    expect(await parse('JOHN@X.COM')).toEqual({ status: 'ok', content: 'john@x.com' });
    expect(await parse('john@example.com')).toEqual({ status: 'ok', content: 'john@example.com' });
    expect(await parse('  Ann.Lee+tag@sub.Example.org ')).toEqual({
      status: 'ok',
      content: 'ann.lee+tag@sub.example.org',
    });
  });

  it('accepts quoted local parts and bracketed IPv4 domains', () => {
    expect(isEmail('"john doe"@x.com')).toBe(true);
    expect(isEmail('john@[192.168.0.1]')).toBe(true);
  });

  it.each([
    'not-an-email',
    'john@',
    '@x.com',
    'john@x',
    'john@x.c',
    'jo hn@x.com',
    'john..doe@x.com',
    'john@x.com.',
    'a<b@x.com',
    '',
  ])('refuses %j', async (text) => {
    expect(await parse(text)).toEqual({ status: 'fail' });
  });

  it('fails without a text message', async () => {
    expect(await emailInput.parse(block, undefined, contextWith())).toEqual({ status: 'fail' });
    expect(await emailInput.parse(block, audioReply('https://x.io/a.mp3'), contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(await emailInput.display(block, contextWith([variable('v1', 'Email', 'a@b.co')]))).toEqual({
      id: 'b1',
      outgoingEdgeId: 'e1',
      type: 'email input',
      options: { variableId: 'v1' },
      prefilledValue: 'a@b.co',
    });
  });
});
