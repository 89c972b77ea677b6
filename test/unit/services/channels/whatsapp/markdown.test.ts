import { richTextToWhatsApp } from '../../../../../src/services/channels/whatsapp/markdown';

const p = (...children: unknown[]) => ({ type: 'p', children });

describe('richTextToWhatsApp', () => {
  test('marks with their surrounding whitespace left outside; underline dropped', () => {
    const richText = [
      p(
        { text: 'Hi ' },
        { text: 'bold ', bold: true },
        { text: 'it', italic: true },
        { text: ' ' },
        { text: 'both', bold: true, italic: true },
        { text: ' ' },
        { text: 'gone', strikethrough: true },
        { text: ' ' },
        { text: 'under', underline: true },
        { text: ' ' },
        { text: 'x()', code: true },
      ),
    ];
    expect(richTextToWhatsApp(richText)).toBe('Hi *bold* _it_ *_both_* ~gone~ under `x()`');
  });

  test('paragraphs one per line, an empty paragraph an empty line', () => {
    expect(richTextToWhatsApp([p({ text: 'Hello' }), p({ text: '' }), p({ text: 'World' })])).toBe('Hello\n\nWorld');
  });

  test('links as "text (url)", a link without text or showing its url as the url', () => {
    const richText = [
      p({ text: 'See ' }, { type: 'a', url: 'https://a.example', children: [{ text: 'the site' }] }, { text: '.' }),
      p({ type: 'a', url: 'https://b.example', children: [{ text: '' }] }),
      p({ type: 'a', url: 'https://c.example', children: [{ text: 'https://c.example' }] }),
    ];
    expect(richTextToWhatsApp(richText)).toBe(
      'See the site (https://a.example).\nhttps://b.example\nhttps://c.example',
    );
  });

  test('lists, headings, quotes and code blocks', () => {
    const richText = [
      { type: 'h2', children: [{ text: 'Title' }] },
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }] },
          {
            type: 'li',
            children: [
              { type: 'lic', children: [{ text: 'two', bold: true }] },
              { type: 'ol', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'deep' }] }] }] },
            ],
          },
        ],
      },
      { type: 'blockquote', children: [{ text: 'quoted' }] },
      { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'a *b*' }] }] },
    ];
    expect(richTextToWhatsApp(richText)).toBe('*Title*\n- one\n- *two*\n  1. deep\n> quoted\n```a *b*```');
  });

  test('nothing readable gives an empty text', () => {
    expect(richTextToWhatsApp([])).toBe('');
    expect(richTextToWhatsApp([null, 3, 'x'])).toBe('');
  });
});
