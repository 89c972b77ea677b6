import {
  dynamicThemeTemplates,
  removeLiteBadgeCss,
  removeLiteBadgeCssFromHtml,
  renderDynamicTheme,
  substituteSettings,
  substituteTheme,
} from '../../../src/engine/theme';
import type { RuntimeVariable } from '../../../src/engine/session';

const variables: RuntimeVariable[] = [
  { id: 'v1', name: 'Avatar', value: 'https://cdn.example/host.png' },
  { id: 'v2', name: 'Me', value: 'https://cdn.example/guest.png' },
  { id: 'v3', name: 'Bg', value: 'https://cdn.example/bg.jpg' },
  { id: 'v4', name: 'Color', value: '#ff0000' },
  { id: 'v5', name: 'Title', value: 'My bot' },
];

describe('dynamicThemeTemplates', () => {
  it('is undefined for a theme without templates', () => {
    expect(dynamicThemeTemplates({})).toBeUndefined();
    expect(dynamicThemeTemplates(undefined)).toBeUndefined();
    expect(
      dynamicThemeTemplates({
        general: { background: { type: 'Image', content: 'https://cdn.example/bg.jpg' } },
        chat: { hostAvatar: { url: 'https://cdn.example/a.png' } },
      }),
    ).toBeUndefined();
  });

  it('takes the host avatar by default, unless disabled', () => {
    expect(dynamicThemeTemplates({ chat: { hostAvatar: { url: '{{Avatar}}' } } })).toEqual({
      hostAvatarUrl: '{{Avatar}}',
    });
    expect(dynamicThemeTemplates({ chat: { hostAvatar: { isEnabled: true, url: '{{Avatar}}' } } })).toEqual({
      hostAvatarUrl: '{{Avatar}}',
    });
    expect(dynamicThemeTemplates({ chat: { hostAvatar: { isEnabled: false, url: '{{Avatar}}' } } })).toBeUndefined();
  });

  it('takes the guest avatar only when enabled', () => {
    expect(dynamicThemeTemplates({ chat: { guestAvatar: { url: '{{Me}}' } } })).toBeUndefined();
    expect(dynamicThemeTemplates({ chat: { guestAvatar: { isEnabled: true, url: '{{Me}}' } } })).toEqual({
      guestAvatarUrl: '{{Me}}',
    });
  });

  it('takes the background content, and only the values that start with {{', () => {
    expect(
      dynamicThemeTemplates({
        general: { background: { type: 'Image', content: '{{Bg}}' } },
        chat: {
          hostAvatar: { url: 'https://static.example/a.png' },
          guestAvatar: { isEnabled: true, url: 'x {{Me}}' },
        },
      }),
    ).toEqual({ backgroundUrl: '{{Bg}}' });
  });

  it('keeps all three templates', () => {
    expect(
      dynamicThemeTemplates({
        general: { background: { content: '{{Bg}}' } },
        chat: { hostAvatar: { url: '{{Avatar}}' }, guestAvatar: { isEnabled: true, url: '{{Me}}?s=1' } },
      }),
    ).toEqual({ hostAvatarUrl: '{{Avatar}}', guestAvatarUrl: '{{Me}}?s=1', backgroundUrl: '{{Bg}}' });
  });
});

describe('renderDynamicTheme', () => {
  it('renders each template with the current values, only the keys stored', () => {
    expect(renderDynamicTheme({ hostAvatarUrl: '{{Avatar}}', backgroundUrl: '{{Bg}}' }, variables)).toEqual({
      hostAvatarUrl: 'https://cdn.example/host.png',
      backgroundUrl: 'https://cdn.example/bg.jpg',
    });
    expect(renderDynamicTheme({ guestAvatarUrl: '{{Me}}?s=1' }, variables)).toEqual({
      guestAvatarUrl: 'https://cdn.example/guest.png?s=1',
    });
  });

  it('renders an unknown or empty variable as an empty string', () => {
    expect(renderDynamicTheme({ hostAvatarUrl: '{{Nobody}}' }, variables)).toEqual({ hostAvatarUrl: '' });
  });
});

describe('removeLiteBadgeCss', () => {
  it('leaves CSS without the badge untouched (comments included)', () => {
    const css = '/* mine */ .a { color: red; }\n@media (max-width: 600px) { .b { top: 0 } }';
    expect(removeLiteBadgeCss(css)).toBe(css);
  });

  it('removes rules mentioning lite-badge and keeps the others', () => {
    expect(removeLiteBadgeCss('.a { color: red; }\n#lite-badge { display: none !important; }\n.b { top: 0 }')).toBe(
      '.a { color: red; }\n\n.b { top: 0 }',
    );
    expect(removeLiteBadgeCss('.x, a#lite-badge:hover{opacity:0}.y{z-index:1}')).toBe('.y{z-index:1}');
    expect(removeLiteBadgeCss('body > #LITE-BADGE { visibility: hidden }')).toBe('');
  });

  it('removes comments and at-rules left empty', () => {
    expect(removeLiteBadgeCss('/* hide */ @media (min-width: 0) { #lite-badge { display: none } } .k{a:b}')).toBe(
      '  .k{a:b}',
    );
    expect(removeLiteBadgeCss('@media print { #lite-badge { display: none } .p { color: black } }')).toBe(
      '@media print {  .p { color: black } }',
    );
  });

  it('survives unbalanced braces', () => {
    expect(removeLiteBadgeCss('#lite-badge { display: none')).toBe('');
    expect(removeLiteBadgeCss('.a { x: y }} #lite-badge{}')).toBe('.a { x: y }} ');
  });

  it('does not overflow the stack on deep nesting', () => {
    const deep = `${'{'.repeat(10_000)}#lite-badge{}${'}'.repeat(10_000)}`;
    expect(() => removeLiteBadgeCss(deep)).not.toThrow();
  });
});

describe('substituteTheme', () => {
  it('substitutes every string and removes lite-badge rules from customCss, without filling defaults', () => {
    const theme = {
      general: {
        font: { type: 'Google', family: 'Inter' },
        background: { type: 'Color', content: '{{Color}}' },
        progressBar: { isEnabled: true, thickness: 4 },
      },
      chat: { hostAvatar: { isEnabled: true, url: '{{Avatar}}' }, buttons: { backgroundColor: '{{Color}}' } },
      customCss: '.typebot-container { color: {{Color}} }\n#lite-badge { display: none }',
    };
    const result = substituteTheme(theme, variables);
    expect(result).toEqual({
      general: {
        font: { type: 'Google', family: 'Inter' },
        background: { type: 'Color', content: '#ff0000' },
        progressBar: { isEnabled: true, thickness: 4 },
      },
      chat: {
        hostAvatar: { isEnabled: true, url: 'https://cdn.example/host.png' },
        buttons: { backgroundColor: '#ff0000' },
      },
      customCss: '.typebot-container { color: #ff0000 }\n',
    });
    expect(theme.general.background.content).toBe('{{Color}}');
  });

  it('returns {} for an absent theme and keeps an empty one empty', () => {
    expect(substituteTheme(undefined, variables)).toEqual({});
    expect(substituteTheme({}, variables)).toEqual({});
  });

  it('removes a lite-badge rule that a variable brings in', () => {
    const withBadge: RuntimeVariable[] = [{ id: 'c', name: 'Css', value: '#lite-badge{display:none}' }];
    expect(substituteTheme({ customCss: '.a{b:c} {{Css}}' }, withBadge)).toEqual({ customCss: '.a{b:c} ' });
  });
});

describe('substituteSettings', () => {
  it('substitutes every string; keeps only general and typingEmulation, with the keys the reference knows', () => {
    const settings = {
      general: {
        isBrandingEnabled: false,
        isResultSavingEnabled: false,
        rememberUser: { isEnabled: true, storage: 'local', extra: 1 },
        systemMessages: { invalidMessage: 'Try again, {{Title}}', unknown: 'x' },
      },
      typingEmulation: { enabled: true, speed: 400 },
      metadata: { title: '{{Title}}', customHeadCode: '<style>#lite-badge{display:none} .a{b:c}</style>' },
      security: { allowedOrigins: ['https://a.example'] },
      publicShare: { isEnabled: true },
    };
    expect(substituteSettings(settings, variables)).toEqual({
      general: {
        isBrandingEnabled: false,
        rememberUser: { isEnabled: true, storage: 'local' },
        systemMessages: { invalidMessage: 'Try again, My bot' },
      },
      typingEmulation: { enabled: true, speed: 400 },
    });
  });

  it('returns {} for absent settings', () => {
    expect(substituteSettings(null, variables)).toEqual({});
  });
});

describe('removeLiteBadgeCssFromHtml', () => {
  it('only touches <style> elements', () => {
    const html =
      '<script>if (a) { b() } // lite-badge { x }</script>\n<style media="all">\n  #lite-badge { display: none }\n  .c { d: e }\n</style>';
    expect(removeLiteBadgeCssFromHtml(html)).toBe(
      '<script>if (a) { b() } // lite-badge { x }</script>\n<style media="all">\n  \n  .c { d: e }\n</style>',
    );
  });
});
