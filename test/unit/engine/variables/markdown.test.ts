import type { RuntimeVariable } from '../../../../src/engine/session';
import { richTextToMarkdown } from '../../../../src/engine/variables/markdown';
import { substituteRichText } from '../../../../src/engine/variables/rich-text';

// docs/engine-behaviour.md#markdown-output.

const p = (...children: unknown[]) => ({ type: 'p', children });
const t = (text: string, marks: Record<string, unknown> = {}) => ({ ...marks, text });
const a = (url: string, ...children: unknown[]) => ({ type: 'a', url, children });
const li = (...children: unknown[]) => ({ type: 'li', children });
const lic = (...children: unknown[]) => ({ type: 'lic', children });

describe('richTextToMarkdown: paragraphs', () => {
  it('joins paragraphs with a single newline', () => {
    expect(richTextToMarkdown([p(t('Hello')), p(t('World'))])).toBe('Hello\nWorld');
  });

  it('adds an empty line for an empty paragraph', () => {
    expect(richTextToMarkdown([p(t('Hello')), p(t('')), p(t('World'))])).toBe('Hello\n\nWorld');
    expect(richTextToMarkdown([p(t('Hello')), p(t('')), p(t('')), p(t('World'))])).toBe('Hello\n\n\nWorld');
  });

  it('removes one trailing newline only', () => {
    expect(richTextToMarkdown([p(t('Hello')), p(t(''))])).toBe('Hello\n');
    expect(richTextToMarkdown([p(t(''))])).toBe('');
    expect(richTextToMarkdown([])).toBe('');
  });

  it('concatenates the leaves of a paragraph and keeps newlines inside them', () => {
    expect(richTextToMarkdown([p(t('Your score is '), t('5'), t('/20.'))])).toBe('Your score is 5/20.');
    expect(richTextToMarkdown([p(t('line 1\nline 2'))])).toBe('line 1\nline 2');
  });

  it('does not escape text', () => {
    expect(
      richTextToMarkdown([p(t('1) '), t('Hello world <3', { bold: true })), p(t('Text with [ and * _ & <'))]),
    ).toBe('1) **Hello world <3**\nText with [ and * _ & <');
  });
});

describe('richTextToMarkdown: marks', () => {
  it('writes bold, italic, both, strikethrough and code', () => {
    expect(
      richTextToMarkdown([
        p(t('b', { bold: true }), t(' '), t('i', { italic: true }), t(' '), t('bi', { bold: true, italic: true })),
      ]),
    ).toBe('**b** *i* ***bi***');
    expect(
      richTextToMarkdown([
        p(t('s', { strikethrough: true }), t(' '), t('c', { code: true }), t(' '), t('u', { underline: true })),
      ]),
    ).toBe('~~s~~ `c` u');
  });

  it('keeps surrounding whitespace outside the marks', () => {
    expect(richTextToMarkdown([p(t('Hi'), t('  there ', { bold: true }), t('!'))])).toBe('Hi  **there** !');
  });

  it('writes whitespace-only marked leaves as they are', () => {
    expect(richTextToMarkdown([p(t('a'), t(' ', { bold: true }), t('b'))])).toBe('a b');
  });
});

describe('richTextToMarkdown: links', () => {
  it('writes [text](url)', () => {
    expect(richTextToMarkdown([p(t('First, check the '), a('https://docs.typebot.com/', t('Documentation 🙏')))])).toBe(
      'First, check the [Documentation 🙏](https://docs.typebot.com/)',
    );
  });

  it('writes the bare url when the link has no text', () => {
    expect(richTextToMarkdown([p(t('See '), a('https://x.y', t('')))])).toBe('See https://x.y');
  });

  it('writes the text of a link without url', () => {
    expect(richTextToMarkdown([p({ type: 'a', children: [t('text')] })])).toBe('text');
  });

  it('keeps marks inside link text', () => {
    expect(richTextToMarkdown([p(a('https://x.y', t('go', { bold: true })))])).toBe('[**go**](https://x.y)');
  });
});

describe('richTextToMarkdown: lists', () => {
  it('writes unordered and ordered lists', () => {
    expect(richTextToMarkdown([{ type: 'ul', children: [li(lic(t('a'))), li(lic(t('b', { bold: true })))] }])).toBe(
      '- a\n- **b**',
    );
    expect(richTextToMarkdown([{ type: 'ol', children: [li(lic(t('x'))), li(lic(t('y')))] }])).toBe('1. x\n2. y');
  });

  it('indents nested lists under the item text', () => {
    const nested = [
      {
        type: 'ul',
        children: [
          li(lic(t('a')), {
            type: 'ol',
            children: [li(lic(t('b'))), li(lic(t('c')), { type: 'ul', children: [li(lic(t('d')))] })],
          }),
        ],
      },
    ];
    expect(richTextToMarkdown(nested)).toBe('- a\n  1. b\n  2. c\n     - d');
  });

  it('places lists between paragraphs on their own lines', () => {
    expect(richTextToMarkdown([p(t('Intro')), { type: 'ul', children: [li(lic(t('a')))] }, p(t('Outro'))])).toBe(
      'Intro\n- a\nOutro',
    );
  });
});

describe('richTextToMarkdown: other nodes', () => {
  it('writes headings, quotes, code blocks and rules', () => {
    expect(richTextToMarkdown([{ type: 'h2', children: [t('Title')] }, p(t('x'))])).toBe('## Title\nx');
    expect(richTextToMarkdown([{ type: 'blockquote', children: [p(t('q1')), p(t('q2'))] }])).toBe('> q1\n> q2');
    expect(
      richTextToMarkdown([{ type: 'code_block', children: [{ type: 'code_line', children: [t('x = 1')] }] }]),
    ).toBe('```\nx = 1\n```');
    expect(richTextToMarkdown([{ type: 'hr', children: [t('')] }])).toBe('---');
  });

  it('reads top-level leaves (bold single-variable quirk) as a paragraph', () => {
    expect(richTextToMarkdown([p(t('Hello')), t('John', { bold: true }), p(t('Bye'))])).toBe('Hello\n**John**\nBye');
  });

  it('serialises the blocks inside unknown containers (legacy "variable" element)', () => {
    expect(richTextToMarkdown([{ type: 'variable', children: [p(t('a')), p(t('b'))] }])).toBe('a\nb');
  });

  it('ignores values that are not nodes', () => {
    expect(richTextToMarkdown([null, 'x', p(t('ok'))] as unknown[])).toBe('ok');
  });
});

describe('richTextToMarkdown after substitution (reference round trips)', () => {
  const substitute = async (nodes: unknown[], variables: RuntimeVariable[]) =>
    richTextToMarkdown(await substituteRichText(nodes, variables, {}));

  it('inline variable', async () => {
    const nodes = [p(t('Hello {{Name}}!'))];
    expect(await substitute(nodes, [{ id: '1', name: 'Name', value: 'John' }])).toBe('Hello John!');
    expect(await substitute(nodes, [{ id: '1', name: 'Name', value: 'Multiline\n\nvariable\n**value**' }])).toBe(
      'Hello Multiline\n\nvariable\n**value**!',
    );
  });

  it('single variable paragraph', async () => {
    const nodes = [p(t('{{Content}}'))];
    expect(
      await substitute(nodes, [{ id: '1', name: 'Content', value: 'Hello World\n\n**valid markdown here**' }]),
    ).toBe('Hello World\n\n**valid markdown here**');
  });

  it('variable link', async () => {
    const nodes = [
      p(t('Welcome to '), t('AA', { bold: true }), t(' (Awesome Agency)')),
      p(t('')),
      p(t('{{URL}}')),
      p(t('')),
      p(t(''), a('{{URL}}', t('Yo')), t('')),
    ];
    expect(await substitute(nodes, [{ id: '1', name: 'URL', value: 'https://example.com' }])).toBe(
      'Welcome to **AA** (Awesome Agency)\n\nhttps://example.com\n\n[Yo](https://example.com)',
    );
  });

  it('list value', async () => {
    expect(
      await substitute([p(t('Menu:')), p(t('{{Menu}}'))], [{ id: '1', name: 'Menu', value: '1. Pizza\n2. **Pasta**' }]),
    ).toBe('Menu:\n1. Pizza\n2. **Pasta**');
  });
});
