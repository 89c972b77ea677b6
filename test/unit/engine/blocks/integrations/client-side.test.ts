import { handlerFor } from '../../../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

// Integrations the visitor's browser performs: the actions as the reference emits them.

const variables = [
  { id: 'vcat', name: 'Category', value: 'signup' },
  { id: 'vval', name: 'Value', value: '12' },
  { id: 'vmail', name: 'Email', value: 'ada@example.com' },
];

async function run(block: BlockDefinition, input: { isPreview?: boolean } = {}) {
  const { ctx, turn } = testContext({ variables, isPreview: input.isPreview });
  const handler = handlerFor(block.type);
  if (handler?.category !== 'integration') throw new Error('not an integration');
  const outcome = await handler.execute(block, ctx);
  return { outcome, actions: turn.output.clientSideActions, logs: turn.output.logs };
}

describe('Google Analytics', () => {
  it('sends its options with variables substituted, types guessed, empty strings removed', async () => {
    const block = {
      id: 'ga',
      type: 'Google Analytics',
      options: {
        trackingId: 'G-123',
        category: '{{Category}}',
        action: 'done',
        label: '{{Unset}}',
        value: '{{Value}}',
      },
    } as BlockDefinition;
    expect(await run(block)).toEqual({
      outcome: { kind: 'next' },
      actions: [
        {
          type: 'googleAnalytics',
          googleAnalytics: { trackingId: 'G-123', category: 'signup', action: 'done', value: 12 },
        },
      ],
      logs: [],
    });
  });

  it('sends nothing in a preview (no result)', async () => {
    expect(
      (
        await run({ id: 'ga', type: 'Google Analytics', options: { trackingId: 'G-1' } } as BlockDefinition, {
          isPreview: true,
        })
      ).actions,
    ).toEqual([]);
  });
});

describe('Pixel', () => {
  it('tracks the event with its params; needs a pixel and an event type', async () => {
    const block = {
      id: 'px',
      type: 'Pixel',
      options: { pixelId: '42', eventType: 'Lead', params: [{ id: 'p', key: 'value', value: '{{Value}}' }] },
    } as BlockDefinition;
    expect((await run(block)).actions).toEqual([
      { type: 'pixel', pixel: { pixelId: '42', eventType: 'Lead', params: [{ id: 'p', key: 'value', value: 12 }] } },
    ]);
    expect((await run({ id: 'px', type: 'Pixel', options: { pixelId: '42' } } as BlockDefinition)).actions).toEqual([]);
  });
});

describe('Chatwoot', () => {
  it('opens the widget with the visitor identified: a script whose variables are arguments', async () => {
    const block = {
      id: 'cw',
      type: 'Chatwoot',
      options: { websiteToken: 'tok', user: { email: '{{Email}}' } },
    } as BlockDefinition;
    const { actions, logs } = await run(block);
    expect(logs).toEqual([]);
    const script = (actions[0] as unknown as { chatwoot: { scriptToExecute: { content: string; args: unknown[] } } })
      .chatwoot.scriptToExecute;
    expect(actions[0]!.type).toBe('chatwoot');
    expect(script.args).toEqual([{ id: 'vmail', value: 'ada@example.com' }]);
    expect(script.content).toContain('window.$chatwoot.setUser(vmail, {');
    expect(script.content).toContain('websiteToken: "tok"');
    expect(script.content).toContain('baseUrl = "https://app.chatwoot.com"');
    expect(script.content).toContain('window.$chatwoot.toggle("open")');
  });

  it('closes the widget; in a preview the action is empty and says so', async () => {
    const close = await run({ id: 'cw', type: 'Chatwoot', options: { task: 'Close widget' } } as BlockDefinition);
    expect(
      (close.actions[0] as unknown as { chatwoot: { scriptToExecute: { content: string } } }).chatwoot.scriptToExecute
        .content,
    ).toContain('toggleBubbleVisibility("hide")');
    const preview = await run({ id: 'cw', type: 'Chatwoot', options: { websiteToken: 'tok' } } as BlockDefinition, {
      isPreview: true,
    });
    expect(preview.actions).toEqual([{ type: 'chatwoot', chatwoot: { scriptToExecute: { content: '', args: [] } } }]);
    expect(preview.logs).toEqual([{ status: 'info', description: 'Chatwoot block is not supported in preview' }]);
  });
});

describe('blocks of services Parley has no credentials type for', () => {
  it('say they are not configured without an action, else that their credentials cannot be found; the flow goes on', async () => {
    expect(await run({ id: 'n', type: 'nocodb', options: {} } as BlockDefinition)).toEqual({
      outcome: { kind: 'next' },
      actions: [],
      logs: [{ description: 'nocodb is not configured' }],
    });
    expect(
      (
        await run({
          id: 'z',
          type: 'zendesk',
          options: { action: 'Open Web Widget', credentialsId: 'c1' },
        } as BlockDefinition)
      ).logs,
    ).toEqual([{ status: 'error', description: 'Could not find credentials for block zendesk' }]);
    expect(
      (
        await run({
          id: 's',
          type: 'Google Sheets',
          options: { credentialsId: 'c1', action: 'Insert a row' },
        } as BlockDefinition)
      ).logs,
    ).toEqual([
      // The reference stores it in the result only: no visitor sees it.
      { status: 'error', description: 'Could not find credentials for block Google Sheets', visibility: 'result' },
    ]);
  });
});
