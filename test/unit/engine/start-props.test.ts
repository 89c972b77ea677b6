import { continueChat, resumeTurn } from '../../../src/engine/chat';
import { sanitizeHeadCode, startPropsOf, topLevelElements } from '../../../src/engine/start-props';
import type { RuntimeBot } from '../../../src/engine/definition/runtime-bot';
import { testEnv } from '../../helpers/engine';
import { block, bot, group, refOf, start, text } from './flow';

describe('topLevelElements', () => {
  it('keeps each top-level element as written, leaving out text, comments and declarations', () => {
    const html = `<!DOCTYPE html>
      Some text <!-- a comment <script>x</script> -->
      <meta name="a" content="b">
      <link rel="stylesheet" href="x.css"/>
      <script async src="https://x.test/a.js"></script>
      trailing text`;
    expect(topLevelElements(html)).toEqual([
      '<meta name="a" content="b">',
      '<link rel="stylesheet" href="x.css"/>',
      '<script async src="https://x.test/a.js"></script>',
    ]);
  });

  it('reads script and style content as text up to their own closing tag', () => {
    const script = `<script>if (a < b && "</div>") document.write('<p>hi</p>')</script>`;
    const style = '<STYLE>a > b { color: red }</style >';
    expect(topLevelElements(`${script}\n${style}`)).toEqual([script, style]);
  });

  it('follows nesting, including elements of the same name, and quoted ">" in attributes', () => {
    const div = '<div title="a > b"><div><span>x</span></div><br><img src="y" /></div>';
    expect(topLevelElements(`${div}<p>after</p>`)).toEqual([div, '<p>after</p>']);
  });

  it('is lenient: unclosed elements run to the end, stray closing tags are ignored, a lone "<" is text', () => {
    expect(topLevelElements('</div> 1 < 2 <noscript><img src="p"></noscript><div><p>open')).toEqual([
      '<noscript><img src="p"></noscript>',
      '<div><p>open',
    ]);
    expect(topLevelElements('<div><p>one</div><span>two</span>')).toEqual(['<div><p>one</div>', '<span>two</span>']);
    expect(topLevelElements('<script>never closed')).toEqual(['<script>never closed']);
  });

  it('finds nothing in plain text', () => {
    expect(topLevelElements('just text, a <3 b')).toEqual([]);
    expect(topLevelElements('')).toEqual([]);
  });
});

describe('sanitizeHeadCode', () => {
  it('removes lite-badge CSS and joins the elements with newlines', () => {
    const code =
      'hello <style>#lite-badge { display: none !important; } body { margin: 0 }</style>\n\n<script>console.log(1)</script> bye';
    expect(sanitizeHeadCode(code)).toBe('<style> body { margin: 0 }</style>\n<script>console.log(1)</script>');
  });
});

const withSettings = (settings: Record<string, unknown>, blocks = [text('t', 'hi')]): RuntimeBot =>
  bot('main', [group('g1', blocks)], { settings });

describe('startPropsOf', () => {
  it('is undefined when the bot has nothing to inject', () => {
    expect(startPropsOf(withSettings({}))).toBeUndefined();
    expect(startPropsOf(withSettings({ metadata: { customHeadCode: 'only text', tagManagerId: '' } }))).toBeUndefined();
  });

  it('takes the head code, the tag manager id (ours or Typebot’s name), the first tracking id and the pixels not skipped', () => {
    const blocks = [
      block('ga0', 'Google Analytics', { options: { trackingId: '' } }),
      block('ga1', 'Google Analytics', { options: { trackingId: 'G-FIRST' } }),
      block('ga2', 'Google Analytics', { options: { trackingId: 'G-SECOND' } }),
      block('px1', 'Pixel', { options: { pixelId: '111' } }),
      block('px2', 'Pixel', { options: { pixelId: '222', isInitSkip: true } }),
      block('px3', 'Pixel', { options: {} }),
      block('px4', 'Pixel', { options: { pixelId: '444', isInitSkip: false } }),
    ];
    expect(
      startPropsOf(
        withSettings({ metadata: { customHeadCode: ' <meta name="x"> ', googleTagManagerId: 'GTM-OLD' } }, blocks),
      ),
    ).toEqual({
      customHeadCode: '<meta name="x">',
      gtmId: 'GTM-OLD',
      googleAnalyticsId: 'G-FIRST',
      pixelIds: ['111', '444'],
    });
    expect(
      startPropsOf(withSettings({ metadata: { tagManagerId: 'GTM-OURS', googleTagManagerId: 'GTM-OLD' } })),
    ).toEqual({ gtmId: 'GTM-OURS' });
  });
});

describe('startChat: start props', () => {
  const metadata = { customHeadCode: '<script>init()</script>', tagManagerId: 'GTM-1' };
  const flow = () =>
    bot(
      'main',
      [
        group('g1', [
          text('t', 'hi'),
          block('r', 'Redirect', { options: { url: 'https://example.com' } }),
          block('px', 'Pixel', { options: { pixelId: 'P1' } }),
          block('in', 'text input'),
        ]),
      ],
      {
        settings: { metadata },
      },
    );

  it('live: startPropsToInject goes first, without lastBubbleBlockId', async () => {
    const { result } = await start(flow());
    expect(result.output.clientSideActions[0]).toEqual({
      type: 'startPropsToInject',
      startPropsToInject: { customHeadCode: '<script>init()</script>', gtmId: 'GTM-1', pixelIds: ['P1'] },
    });
    expect(result.output.clientSideActions[1]).toEqual({
      type: 'redirect',
      redirect: { url: 'https://example.com' },
      lastBubbleBlockId: 't',
    });
    expect(result.output.clientSideActions).toHaveLength(2);
    expect(result.output.logs.map((log) => log.description)).not.toContainEqual(
      expect.stringContaining('Preview mode'),
    );
  });

  it('preview: an info log naming what is not enabled, after the logs of the walk', async () => {
    const { result } = await start(flow(), [], { isPreview: true, resultId: undefined });
    expect(result.output.clientSideActions.map((action) => action.type)).not.toContain('startPropsToInject');
    expect(result.output.logs.at(-1)).toEqual({
      status: 'info',
      description: 'Custom head code, Pixel, Google Tag Manager are not enabled in Preview mode',
    });
  });

  it('preview with one tool: "is not"', async () => {
    const main = bot('main', [
      group('g1', [block('ga', 'Google Analytics', { options: { trackingId: 'G-1' } }), block('in', 'text input')]),
    ]);
    const { result } = await start(main, [], { isPreview: true, resultId: undefined });
    expect(result.output.logs.at(-1)).toEqual({
      status: 'info',
      description: 'Google Analytics is not enabled in Preview mode',
    });
  });

  it('neither on a registration-only start nor on continueChat', async () => {
    const main = flow();
    const { result, resolver } = await start(main, [], { isOnlyRegistering: true });
    expect(result.output.clientSideActions).toEqual([]);
    const first = await continueChat(result.state, undefined, 'richText', testEnv(), resolver);
    expect(first.output.clientSideActions.map((action) => action.type)).not.toContain('startPropsToInject');
  });

  it('a start that loads a linked bot keeps the action first, and the preview log last, once the turn is done', async () => {
    const child = bot('child', [group('c1', [text('ct', 'child'), block('cin', 'text input')])]);
    const main = bot('main', [group('g1', [block('link', 'Typebot link', { options: { typebotId: 'child' } })])], {
      settings: { metadata },
    });
    for (const isPreview of [false, true]) {
      const env = testEnv();
      const { result: first, resolver } = await start(
        main,
        [child],
        isPreview ? { isPreview, resultId: undefined } : {},
        env,
      );
      expect(first.status).toBe('effect');
      const done = await resumeTurn(
        first.state,
        { type: 'loadBot', bot: child, ref: refOf(child) },
        'richText',
        env,
        resolver,
      );
      expect(done.status).toBe('awaiting-input');
      expect(done.state.pending).toBeUndefined();
      if (isPreview) {
        expect(done.output.clientSideActions).toEqual([]);
        expect(done.output.logs).toEqual([
          { status: 'info', description: 'Custom head code, Google Tag Manager are not enabled in Preview mode' },
        ]);
      } else {
        expect(done.output.clientSideActions.map((action) => action.type)).toEqual(['startPropsToInject']);
      }
    }
  });
});
