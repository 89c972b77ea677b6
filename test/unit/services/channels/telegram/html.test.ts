import { richTextToTelegramHtml } from '../../../../../src/services/channels/telegram/html';

const p = (...children: unknown[]) => ({ type: 'p', children });

describe('richTextToTelegramHtml', () => {
  test('marks as tags, text escaped', () => {
    const richText = [
      p(
        { text: 'a < b & c > d ' },
        { text: 'bold', bold: true },
        { text: ' ' },
        { text: 'it', italic: true, underline: true },
        { text: ' ' },
        { text: 'gone', strikethrough: true },
        { text: ' ' },
        { text: '<x>', code: true },
      ),
    ];
    expect(richTextToTelegramHtml(richText)).toBe(
      'a &lt; b &amp; c &gt; d <b>bold</b> <i><u>it</u></i> <s>gone</s> <code>&lt;x&gt;</code>',
    );
  });

  test('links with an escaped href; paragraphs one per line; lists with bullets', () => {
    const richText = [
      p({ type: 'a', url: 'https://a.example/?q="1"&r=2', children: [{ text: 'site', bold: true }] }),
      p({ text: '' }),
      p({ type: 'a', url: 'https://b.example', children: [{ text: '' }] }),
      {
        type: 'ul',
        children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }] }],
      },
    ];
    expect(richTextToTelegramHtml(richText)).toBe(
      '<a href="https://a.example/?q=&quot;1&quot;&amp;r=2"><b>site</b></a>\n\n' +
        '<a href="https://b.example">https://b.example</a>\n• one',
    );
  });
});
