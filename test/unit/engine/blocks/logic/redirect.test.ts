import { redirectBlock } from '../../../../../src/engine/blocks/logic/redirect/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { testContext } from '../../../../helpers/engine';

const variables: RuntimeVariable[] = [
  { id: 'vHost', name: 'Host', value: 'example.com' },
  { id: 'vFull', name: 'Full', value: 'http://example.org/x' },
  { id: 'vMail', name: 'Mail', value: 'mailto:a@b.c' },
  { id: 'vEmpty', name: 'Empty' },
];

async function execute(options?: Record<string, unknown>, outgoingEdgeId?: string) {
  const { ctx, turn } = testContext({ variables });
  const definition = {
    id: 'redir1',
    type: 'Redirect',
    ...(options ? { options } : {}),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  } as BlockDefinition;
  const outcome = await redirectBlock.execute(definition, ctx);
  return { outcome, actions: turn.output.clientSideActions, logs: turn.output.logs, turn };
}

const urlOf = async (url: string, extra: Record<string, unknown> = {}) =>
  (await execute({ url, ...extra })).actions[0]!.redirect as { url: string; isNewTab: boolean };

describe('Redirect block', () => {
  it('continues without an action when there is no url', async () => {
    for (const options of [undefined, {}, { url: '' }]) {
      const { outcome, actions } = await execute(options);
      expect(outcome).toEqual({ kind: 'next' });
      expect(actions).toEqual([]);
    }
  });

  it('emits the exact redirect action and continues (no reply expected)', async () => {
    const { outcome, actions, logs } = await execute({ url: 'https://typebot.io' }, 'eOut');
    expect(outcome).toEqual({ kind: 'next' });
    expect(actions).toEqual([{ type: 'redirect', redirect: { url: 'https://typebot.io' } }]);
    expect(logs).toEqual([]);
  });

  it('passes isNewTab through only when the definition sets it', async () => {
    expect(await urlOf('https://a.b', { isNewTab: true })).toEqual({ url: 'https://a.b', isNewTab: true });
    expect(await urlOf('https://a.b', { isNewTab: false })).toEqual({ url: 'https://a.b', isNewTab: false });
    expect(await urlOf('https://a.b')).toEqual({ url: 'https://a.b' });
  });

  it.each([
    ['example.com/path', 'https://example.com/path'],
    ['www.example.com', 'https://www.example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['tel:+33600000000', 'tel:+33600000000'],
    ['sms:+33600000000', 'sms:+33600000000'],
  ])('url %s becomes %s', async (url, expected) => {
    expect((await urlOf(url)).url).toBe(expected);
  });

  it('substitutes variables before deciding on the https:// prefix', async () => {
    expect((await urlOf('{{Host}}/a')).url).toBe('https://example.com/a');
    expect((await urlOf('{{Host}}')).url).toBe('https://example.com');
    expect((await urlOf('{{Full}}')).url).toBe('http://example.org/x');
    expect((await urlOf('{{Mail}}')).url).toBe('mailto:a@b.c');
    expect((await urlOf('https://{{Host}}/b?x={{Empty}}')).url).toBe('https://example.com/b?x=');
  });

  it('stamps the last bubble emitted before it', async () => {
    const { ctx, turn } = testContext({ variables });
    ctx.message({ id: 'bubble1', type: 'text', content: {} });
    await redirectBlock.execute({ id: 'r', type: 'Redirect', options: { url: 'a.io' } } as BlockDefinition, ctx);
    expect(turn.output.clientSideActions).toEqual([
      { type: 'redirect', redirect: { url: 'https://a.io' }, lastBubbleBlockId: 'bubble1' },
    ]);
  });
});
