import { createSandbox, type Sandbox } from '../../../../src/sandbox/quickjs';
import type { CodeRunner } from '../../../../src/engine/contracts';
import type { RuntimeVariable } from '../../../../src/engine/session';
import { asRunner } from '../../../helpers/engine';
import { markdownToRichText } from '../../../../src/engine/variables/markdown-to-rich-text';
import { substituteRichText } from '../../../../src/engine/variables/rich-text';

// docs/engine-behaviour.md#rich-text. Recorded conversations
// (shared/spec/examples) show "Great! Nice to meet you {{Name}}" becoming
// [{"text":"Great! Nice to meet you "},{"text":"John"}].

const p = (...children: unknown[]) => ({ type: 'p', children });
const t = (text: string, marks: Record<string, unknown> = {}) => ({ ...marks, text });

const variables: RuntimeVariable[] = [
  { id: 'v1', name: 'Name', value: 'John' },
  { id: 'v2', name: 'Email', value: 'john@example.com' },
  { id: 'v3', name: 'Score', value: '5' },
  { id: 'v4', name: 'Content', value: 'Hello World\n\n**valid markdown here**' },
  { id: 'v5', name: 'Multi', value: 'Multiline\n\nvariable\n**value**' },
  { id: 'v6', name: 'List', value: ['a', 'b'] },
  { id: 'v7', name: 'URL', value: 'https://example.com' },
  { id: 'v8', name: 'Empty', value: null },
  { id: 'v9', name: 'Bullets', value: '- one\n- two' },
  { id: 'v10', name: 'Bold', value: '**strong** words' },
];

const substitute = async (nodes: unknown[], options: Parameters<typeof substituteRichText>[2] = {}) =>
  await substituteRichText(structuredClone(nodes), variables, options);

describe('substituteRichText: recorded shapes', () => {
  it('splits a leaf around a variable (lead-gen example)', async () => {
    expect(await substitute([p(t('Great! Nice to meet you {{Name}}'))])).toEqual([
      p(t('Great! Nice to meet you '), t('John')),
    ]);
    expect(await substitute([p(t("We'll get back to you at {{Email}}"))])).toEqual([
      p(t("We'll get back to you at "), t('john@example.com')),
    ]);
  });

  it('keeps the text after the variable (quiz example)', async () => {
    expect(await substitute([p(t('Your score is {{Score}}/20.'))])).toEqual([
      p(t('Your score is '), t('5'), t('/20.')),
    ]);
  });

  it('keeps leaves without variables as they are, marks included', async () => {
    const nodes = [p(t('Welcome to '), t('AA', { bold: true }), t(' (Awesome Agency)'))];
    const result = await substitute(nodes);
    expect(result).toEqual(nodes);
    expect(JSON.stringify(result)).toBe(JSON.stringify(nodes));
  });

  it('keeps links and blank paragraphs (customer-support example)', async () => {
    const nodes = [
      p(t('Head up to the feedback board.')),
      p(t('')),
      p(
        t('👉 '),
        { url: 'https://app.typebot.com/feedback', type: 'a', children: [t('https://app.typebot.com/feedback')] },
        t(''),
      ),
    ];
    expect(JSON.stringify(await substitute(nodes))).toBe(JSON.stringify(nodes));
  });
});

describe('substituteRichText: split leaves', () => {
  it('gives the value leaves the marks of the leaf, before and after keep all keys', async () => {
    const nodes = [p(t('Hi {{Name}}!', { bold: true, italic: true, underline: true, color: 'red' }))];
    expect(await substitute(nodes)).toEqual([
      p(
        t('Hi ', { bold: true, italic: true, underline: true, color: 'red' }),
        t('John', { bold: true, italic: true, underline: true }),
        t('!', { bold: true, italic: true, underline: true, color: 'red' }),
      ),
    ]);
  });

  it('handles several references in one leaf', async () => {
    expect(await substitute([p(t('{{Name}} <{{Email}}> {{Name}}'))])).toEqual([
      p(t('John'), t(' <'), t('john@example.com'), t('> '), t('John')),
    ]);
  });

  it('substitutes unknown variables and variables without value by nothing', async () => {
    expect(await substitute([p(t('Hello {{Nope}}{{Empty}}!'))])).toEqual([p(t('Hello '), t('!'))]);
  });

  it('reads the value as Markdown and flattens its blocks (empty paragraph ⇒ "\\n\\n")', async () => {
    expect(await substitute([p(t('Hello {{Multi}}!'))])).toEqual([
      p(t('Hello '), t('Multiline'), t('\n\n'), t('variable\n'), t('value', { bold: true }), t('!')),
    ]);
  });

  it('keeps the value marks on top of the leaf marks', async () => {
    expect(await substitute([p(t('> {{Bold}}', { italic: true }))])).toEqual([
      p(t('> ', { italic: true }), t('strong', { italic: true, bold: true }), t(' words', { italic: true })),
    ]);
  });

  it('flattens a list value into its text leaves', async () => {
    expect(await substitute([p(t('Items: {{Bullets}}'))])).toEqual([p(t('Items: '), t('one'), t('two'))]);
  });

  it('writes lists as JSON text, or their last item with listAsLastItem', async () => {
    expect(await substitute([p(t('List: {{List}}'))])).toEqual([p(t('List: '), t('["a","b"]'))]);
    expect(await substitute([p(t('Last: {{List}}'))], { listAsLastItem: true })).toEqual([p(t('Last: '), t('b'))]);
  });

  it('keeps the $ of ${{x}}', async () => {
    expect(await substitute([p(t('Price: ${{Score}}'))])).toEqual([p(t('Price: $'), t('5'))]);
  });

  it('does not touch an empty leaf', async () => {
    const empty = { text: '', bold: true };
    const [paragraph] = (await substitute([p(empty)])) as { children: unknown[] }[];
    expect(paragraph!.children).toEqual([empty]);
  });

  it('splits a reference leaf that has siblings (no paragraph replacement)', async () => {
    expect(await substitute([p(t('Hello ', { bold: true }), t('{{Content}}'))])).toEqual([
      p(t('Hello ', { bold: true }), t('Hello World'), t('\n\n'), t('valid markdown here', { bold: true })),
    ]);
  });
});

describe('substituteRichText: a paragraph that is exactly one reference', () => {
  it('is replaced by the value parsed as Markdown', async () => {
    expect(await substitute([p(t('{{Content}}'))])).toEqual([
      p(t('Hello World')),
      p(t('')),
      p(t('valid markdown here', { bold: true })),
    ]);
    expect(await substitute([p(t('{{Name}}'))])).toEqual([p(t('John'))]);
  });

  it('becomes lists when the value is a list', async () => {
    expect(await substitute([p(t('Intro')), p(t('{{Bullets}}')), p(t('Outro'))])).toEqual([
      p(t('Intro')),
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ type: 'lic', children: [t('one')] }] },
          { type: 'li', children: [{ type: 'lic', children: [t('two')] }] },
        ],
      },
      p(t('Outro')),
    ]);
  });

  it('disappears when the variable has no value', async () => {
    expect(await substitute([p(t('A')), p(t('{{Empty}}')), p(t('B'))])).toEqual([p(t('A')), p(t('B'))]);
  });

  it('quirk: a bold/italic/underlined reference yields bare leaves at the top level', async () => {
    expect(await substitute([p(t('{{Name}}', { bold: true }))])).toEqual([t('John', { bold: true })]);
    expect(await substitute([p(t('{{Content}}', { italic: true }))])).toEqual([
      t('Hello World', { italic: true }),
      t('\n\n'),
      t('valid markdown here', { italic: true, bold: true }),
    ]);
  });

  it('does not apply to links: the link keeps its element and its text is split', async () => {
    const link = { type: 'a', url: '{{URL}}', children: [t('{{Name}}')] };
    expect(await substitute([p(t('See '), link)])).toEqual([
      p(t('See '), { type: 'a', url: 'https://example.com', children: [t('John')] }),
    ]);
  });

  it('does not apply when text surrounds the reference', async () => {
    expect(await substitute([p(t(' {{Name}}'))])).toEqual([p(t(' '), t('John'))]);
  });
});

describe('substituteRichText: links', () => {
  it('substitutes the url as plain text', async () => {
    const nodes = [p(t(''), { type: 'a', url: '{{URL}}/users/{{Name}}?l={{List}}', children: [t('Yo')] }, t(''))];
    expect(await substitute(nodes)).toEqual([
      p(t(''), { type: 'a', url: 'https://example.com/users/John?l=["a","b"]', children: [t('Yo')] }, t('')),
    ]);
  });

  it('keeps the element keys in place', async () => {
    const nodes = [p({ url: '{{URL}}', type: 'a', children: [t('x')] })];
    expect(JSON.stringify(await substitute(nodes))).toBe(
      '[{"type":"p","children":[{"url":"https://example.com","type":"a","children":[{"text":"x"}]}]}]',
    );
  });
});

describe('substituteRichText: other trees', () => {
  it('walks lists', async () => {
    const nodes = [
      { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [t('Hi {{Name}}')] }] }] },
    ];
    expect(await substitute(nodes)).toEqual([
      { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [t('Hi '), t('John')] }] }] },
    ]);
  });

  it('passes through unknown nodes and elements', async () => {
    const nodes = [{ type: 'hr', children: [t('')] }, { type: 'custom', data: 1 }, 'odd'];
    expect(await substitute(nodes)).toEqual(nodes);
  });

  it('does not modify its input', async () => {
    const nodes = [p(t('Hi {{Name}}')), p({ type: 'a', url: '{{URL}}', children: [t('x')] })];
    const copy = structuredClone(nodes);
    await substituteRichText(nodes, variables, {});
    expect(nodes).toEqual(copy);
  });
});

describe('substituteRichText: inline code', () => {
  it('replaces {{= =}} with the result read as Markdown', async () => {
    const code: CodeRunner = { run: async () => ({ ok: true, value: '**42**', setVariables: [] }) };
    expect(await substitute([p(t('Answer: {{=6*7=}}.'))], { code })).toEqual([
      p(t('Answer: '), t('42', { bold: true }), t('.')),
    ]);
    expect(await substitute([p(t('{{=6*7=}}'))], { code })).toEqual([p(t('42', { bold: true }))]);
  });

  it('takes the last item of a list result with listAsLastItem', async () => {
    const code: CodeRunner = { run: async () => ({ ok: true, value: ['x', 'y'], setVariables: [] }) };
    expect(await substitute([p(t('{{=l=}} '))], { code, listAsLastItem: true })).toEqual([p(t('y'), t(' '))]);
    expect(await substitute([p(t('{{=l=}} '))], { code })).toEqual([p(t('["x","y"]'), t(' '))]);
  });

  it('substitutes the inner text when the code fails', async () => {
    const code: CodeRunner = { run: async () => ({ ok: false, error: 'x' }) };
    expect(await substitute([p(t('A {{=oops {{Name}}=}} B'))], { code })).toEqual([
      p(t('A '), t('oops John'), t(' B')),
    ]);
  });

  describe('in the QuickJS sandbox', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await createSandbox();
    });
    afterAll(() => sandbox.dispose());

    it('evaluates against typed variables', async () => {
      expect(await substitute([p(t('Hi {{={{Name}}.toUpperCase()=}}!'))], { code: asRunner(sandbox) })).toEqual([
        p(t('Hi '), t('JOHN'), t('!')),
      ]);
      expect(await substitute([p(t('{{={{List}}.at(-1)=}}'))], { code: asRunner(sandbox) })).toEqual([p(t('b'))]);
    });
  });
});

describe('markdownToRichText', () => {
  it('reads a paragraph', () => {
    expect(markdownToRichText('Hello, world!')).toEqual([p(t('Hello, world!'))]);
  });

  it('keeps blank lines between blocks as empty paragraphs', () => {
    expect(markdownToRichText('A\n\nB')).toEqual([p(t('A')), p(t('')), p(t('B'))]);
    expect(markdownToRichText('Hello, world!\n\n\nHello, world!')).toEqual([
      p(t('Hello, world!')),
      p(t('')),
      p(t('')),
      p(t('Hello, world!')),
    ]);
    expect(markdownToRichText('A\r\n\r\nB')).toEqual([p(t('A')), p(t('')), p(t('B'))]);
  });

  it('keeps a single newline inside the paragraph', () => {
    expect(markdownToRichText('**Bold**\nText')).toEqual([p(t('Bold', { bold: true }), t('\nText'))]);
  });

  it('ignores leading and trailing blank lines', () => {
    expect(markdownToRichText('\n\nA\n\n')).toEqual([p(t('A'))]);
  });

  it('returns nothing for empty or blank text', () => {
    expect(markdownToRichText('')).toEqual([]);
    expect(markdownToRichText('  \n ')).toEqual([]);
  });

  it('reads bold, italic, both, code and links', () => {
    expect(markdownToRichText('a **b** _c_ *d* ***e*** `f<g>` [h **i**](https://x.y/z)')).toEqual([
      p(
        t('a '),
        t('b', { bold: true }),
        t(' '),
        t('c', { italic: true }),
        t(' '),
        t('d', { italic: true }),
        t(' '),
        t('e', { italic: true, bold: true }),
        t(' '),
        t('f<g>', { code: true }),
        t(' '),
        { type: 'a', url: 'https://x.y/z', children: [t('h '), t('i', { bold: true })] },
      ),
    ]);
  });

  it('reads autolinks but leaves bare urls as text', () => {
    expect(markdownToRichText('<https://a.b> https://c.d')).toEqual([
      p({ type: 'a', url: 'https://a.b', children: [t('https://a.b')] }, t(' https://c.d')),
    ]);
  });

  it('reads unordered, ordered and nested lists', () => {
    const li = (...children: unknown[]) => ({ type: 'li', children });
    const lic = (text: string) => ({ type: 'lic', children: [t(text)] });
    expect(markdownToRichText('- a\n- b\n  - c\n\n1. x\n2. y')).toEqual([
      { type: 'ul', children: [li(lic('a')), li(lic('b'), { type: 'ul', children: [li(lic('c'))] })] },
      p(t('')),
      { type: 'ol', children: [li(lic('x')), li(lic('y'))] },
    ]);
    expect(markdownToRichText('- a\n\n- b')).toEqual([{ type: 'ul', children: [li(lic('a')), li(lic('b'))] }]);
  });

  it('decodes character references and escapes', () => {
    expect(markdownToRichText('Tom &amp; Jerry &#x1F600; &#65; &unknown; \\*not bold\\*')).toEqual([
      p(t('Tom & Jerry 😀 A &unknown; *not bold*')),
    ]);
  });

  it('reads hard line breaks as newlines', () => {
    expect(markdownToRichText('a  \nb')).toEqual([p(t('a\nb'))]);
  });

  it('reads other blocks into Plate-style elements', () => {
    expect(markdownToRichText('# Title\n> quote')).toEqual([
      { type: 'h1', children: [t('Title')] },
      { type: 'blockquote', children: [p(t('quote'))] },
    ]);
    expect(markdownToRichText('```\nx\ny\n```')).toEqual([
      {
        type: 'code_block',
        children: [
          { type: 'code_line', children: [t('x')] },
          { type: 'code_line', children: [t('y')] },
        ],
      },
    ]);
  });

  it('does not treat ~~ as strikethrough nor other GitHub extensions', () => {
    expect(markdownToRichText('~~x~~')).toEqual([p(t('~~x~~'))]);
  });
});

describe('markdownToRichText: bounded on hostile input', () => {
  const paragraph = (text: string) => ({ type: 'p', children: [{ text }] });

  it('a link destination that cannot close stays text; real links around it still are links', () => {
    expect(markdownToRichText('see [docs](https://x.y/a_(b)) and [bad](nope and **bold**')).toEqual([
      {
        type: 'p',
        children: [
          { text: 'see ' },
          { type: 'a', url: 'https://x.y/a_(b)', children: [{ text: 'docs' }] },
          { text: ' and [bad](nope and ' },
          { bold: true, text: 'bold' },
        ],
      },
    ]);
    const hostile = '[a](b'.repeat(2000);
    expect(markdownToRichText(hostile)).toEqual([paragraph(hostile)]);
  });

  it('quotes or lists nested beyond 32 levels, and text over 32 kB, are shown as plain text', () => {
    const quotes = '>'.repeat(3000);
    expect(markdownToRichText(quotes)).toEqual([paragraph(quotes)]);
    expect(markdownToRichText(`a\n${'> '.repeat(40)}b`)).toEqual([paragraph('a'), paragraph(`${'> '.repeat(40)}b`)]);
    const long = `**bold** ${'x'.repeat(33 * 1024)}`;
    expect(markdownToRichText(long)).toEqual([paragraph(long)]);
    // Shallow quotes are still quotes.
    expect(markdownToRichText('> > hi')).toEqual([
      { type: 'blockquote', children: [{ type: 'blockquote', children: [paragraph('hi')] }] },
    ]);
  });
});
