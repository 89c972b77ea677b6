import { richTextToTelegramHtml, telegramHtmlChunks } from '../../../../../src/services/channels/telegram/html';

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

describe('telegramHtmlChunks', () => {
  test('HTML that Telegram shows within the limit is kept as it is', () => {
    const html = '<b>a &amp; b</b>\n\n<i>c</i>';
    expect(telegramHtmlChunks(html, 8)).toEqual([html]);
  });

  test('tags not counted, an entity one character; tags open at a split closed and reopened', () => {
    expect(telegramHtmlChunks('<b>one &amp; two</b> three', 9)).toEqual(['<b>one &amp; two</b>', 'three']);
    expect(telegramHtmlChunks('<b>one &amp; two</b> three', 8)).toEqual(['<b>one &amp;</b>', '<b>two</b>', 'three']);
    expect(telegramHtmlChunks('<a href="https://x.example/?a=1&amp;b=2"><b>abcdef</b></a>', 4)).toEqual([
      '<a href="https://x.example/?a=1&amp;b=2"><b>abcd</b></a>',
      '<a href="https://x.example/?a=1&amp;b=2"><b>ef</b></a>',
    ]);
  });

  test('split at the paragraph break, never inside an entity, tags closed on either side of it dropped with it', () => {
    expect(telegramHtmlChunks('<b>ab</b>\n\n<i>cd</i> <s>ef</s>', 6)).toEqual(['<b>ab</b>', '<i>cd</i> <s>ef</s>']);
    expect(telegramHtmlChunks('&lt;&gt;&amp;&lt;&gt;', 2)).toEqual(['&lt;&gt;', '&amp;&lt;', '&gt;']);
    expect(telegramHtmlChunks('<pre>a😀b</pre>', 2)).toEqual(['<pre>a😀</pre>', '<pre>b</pre>']);
  });
});
