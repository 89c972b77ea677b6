import { urlInput } from '../../../../../src/engine/blocks/inputs/url/block';
import { contextWith, inputBlock, textReply, variable } from './helpers';

describe('url input', () => {
  const block = inputBlock({
    type: 'url input',
    options: { variableId: 'v1', retryMessageContent: 'Bad URL {{Name}}' },
  });
  const parse = async (text: string) => await urlInput.parse(block, textReply(text), contextWith());

  it('declares its types and has no built-in retry text', () => {
    expect(urlInput.type).toBe('url input');
    expect(urlInput.replyEventType).toBe('url');
    expect(urlInput.defaultRetryMessage).toBeUndefined();
  });

  it.each([
    'https://typebot.io',
    'http://example.com/path?q=1#x',
    'example.com',
    'www.example.co.uk/page',
    'http://1.2.3.4/x',
  ])('accepts %j unchanged', async (text) => {
    expect(await parse(text)).toEqual({ status: 'ok', content: text });
  });

  it.each(['hello', 'ftp://example.com', 'http://localhost:3000', 'https://exa mple.com', 'example', ''])(
    'refuses %j',
    async (text) => {
      expect(await parse(text)).toEqual({ status: 'fail' });
    },
  );

  it('fails without a message', async () => {
    expect(await urlInput.parse(block, undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('displays the stored block, substituted, with the prefilled value', async () => {
    expect(await urlInput.display(block, contextWith([variable('v1', 'Name', 'https://a.io')]))).toEqual({
      id: 'b1',
      type: 'url input',
      options: { variableId: 'v1', retryMessageContent: 'Bad URL https://a.io' },
      prefilledValue: 'https://a.io',
    });
  });
});
