import { redirectBlock } from '../../../../../src/engine/blocks/logic/redirect';
import type { BlockDefinition, RuntimeVariable } from '../../../../../src/engine/types';
import { testContext } from '../../../../helpers/engine';

const variables: RuntimeVariable[] = [
  { id: 'vHost', name: 'Host', value: 'example.com' },
  { id: 'vFull', name: 'Full', value: 'http://example.org/x' },
  { id: 'vMail', name: 'Mail', value: 'mailto:a@b.c' },
  { id: 'vEmpty', name: 'Empty' },
];

function execute(options?: Record<string, unknown>, outgoingEdgeId?: string) {
  const { ctx, turn } = testContext({ variables });
  const definition = { id: 'redir1', type: 'Redirect', ...(options ? { options } : {}), ...(outgoingEdgeId ? { outgoingEdgeId } : {}) } as BlockDefinition;
  const outcome = redirectBlock.execute(definition, ctx);
  return { outcome, actions: turn.output.clientSideActions, logs: turn.output.logs, turn };
}

const urlOf = (url: string, extra: Record<string, unknown> = {}) => execute({ url, ...extra }).actions[0]!.redirect as { url: string; isNewTab: boolean };

describe('Redirect block', () => {
  it('continues without an action when there is no url', () => {
    for (const options of [undefined, {}, { url: '' }]) {
      const { outcome, actions } = execute(options);
      expect(outcome).toEqual({ kind: 'next' });
      expect(actions).toEqual([]);
    }
  });

  it('emits the exact redirect action and continues (no reply expected)', () => {
    const { outcome, actions, logs } = execute({ url: 'https://typebot.io' }, 'eOut');
    expect(outcome).toEqual({ kind: 'next' });
    expect(actions).toEqual([{ type: 'redirect', redirect: { url: 'https://typebot.io' } }]);
    expect(logs).toEqual([]);
  });

  it('passes isNewTab through only when the definition sets it', () => {
    expect(urlOf('https://a.b', { isNewTab: true })).toEqual({ url: 'https://a.b', isNewTab: true });
    expect(urlOf('https://a.b', { isNewTab: false })).toEqual({ url: 'https://a.b', isNewTab: false });
    expect(urlOf('https://a.b')).toEqual({ url: 'https://a.b' });
  });

  it.each([
    ['example.com/path', 'https://example.com/path'],
    ['www.example.com', 'https://www.example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['tel:+33600000000', 'tel:+33600000000'],
    ['sms:+33600000000', 'sms:+33600000000'],
  ])('url %s becomes %s', (url, expected) => {
    expect(urlOf(url).url).toBe(expected);
  });

  it('substitutes variables before deciding on the https:// prefix', () => {
    expect(urlOf('{{Host}}/a').url).toBe('https://example.com/a');
    expect(urlOf('{{Host}}').url).toBe('https://example.com');
    expect(urlOf('{{Full}}').url).toBe('http://example.org/x');
    expect(urlOf('{{Mail}}').url).toBe('mailto:a@b.c');
    expect(urlOf('https://{{Host}}/b?x={{Empty}}').url).toBe('https://example.com/b?x=');
  });

  it('stamps the last bubble emitted before it', () => {
    const { ctx, turn } = testContext({ variables });
    ctx.message({ id: 'bubble1', type: 'text', content: {} });
    redirectBlock.execute({ id: 'r', type: 'Redirect', options: { url: 'a.io' } } as BlockDefinition, ctx);
    expect(turn.output.clientSideActions).toEqual([
      { type: 'redirect', redirect: { url: 'https://a.io' }, lastBubbleBlockId: 'bubble1' },
    ]);
  });
});
