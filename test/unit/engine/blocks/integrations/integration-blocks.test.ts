import { BLOCK_TYPES } from '../../../../../src/engine/definition/block-types';
import { handlerFor } from '../../../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { EffectResult } from '../../../../../src/engine/effects';
import { testContext } from '../../../../helpers/engine';

// Integration and forge blocks as the engine runs them (the effects they ask
// for are performed by the service; their own tests go over HTTP).

const integration = (type: string) => {
  const found = handlerFor(type);
  if (found?.category !== 'integration') throw new Error(`${type} is not an integration block`);
  return found;
};

async function run(
  block: Partial<Omit<BlockDefinition, 'type'>> & { type: string },
  options: {
    isPreview?: boolean;
    workspaceId?: string;
    variables?: { id: string; name: string; value?: string }[];
  } = {},
) {
  const { ctx, turn, state } = testContext({ isPreview: options.isPreview, variables: options.variables });
  if (options.workspaceId !== undefined) state.workspaceId = options.workspaceId;
  const full = { id: 'b1', ...block } as unknown as BlockDefinition;
  const outcome = await integration(block.type).execute(full, ctx);
  return { outcome, turn, ctx, block: full };
}

describe('integration blocks', () => {
  it('every integration and forge type runs a module of its own: none is skipped as unsupported', async () => {
    const types = BLOCK_TYPES.filter((type) => handlerFor(type)?.category === 'integration');
    expect(types.length).toBeGreaterThanOrEqual(29);
    for (const type of types) {
      const { turn } = await run({ type });
      for (const log of turn.output.logs) expect(log.description).not.toMatch(/not supported/);
    }
  });

  it('anonymous preview: integrations, HTTP requests included, are skipped with an info log', async () => {
    for (const type of ['openai', 'OpenAI', 'Webhook', 'Zapier', 'qr-code']) {
      expect((await run({ type }, { isPreview: true, workspaceId: '' })).turn.output.logs).toEqual([
        {
          status: 'info',
          description: `The "${type}" block is skipped in an anonymous preview (no stored credentials, no network)`,
        },
      ]);
    }
  });

  it('preview: e-mails are never sent (info log), whoever previews', async () => {
    for (const workspaceId of ['ws1', '']) {
      expect((await run({ type: 'Email' }, { isPreview: true, workspaceId })).turn.output.logs).toEqual([
        { status: 'info', description: 'Emails are not sent in preview mode' },
      ]);
    }
  });
});

describe('QR code', () => {
  const variables = [
    { id: 'v-url', name: 'Url' },
    { id: 'v-data', name: 'Data', value: 'https://parley.test/pay' },
  ];

  it('asks the service for an image of the substituted text and stores its URL', async () => {
    const { outcome, ctx, block } = await run(
      { type: 'qr-code', options: { action: 'Generate a QR Code', data: '{{Data}}', saveUrlInVariableId: 'v-url' } },
      { variables },
    );
    expect(outcome).toEqual({ kind: 'effect', effect: { type: 'qrCode', data: 'https://parley.test/pay' } });
    const result: EffectResult = { type: 'qrCode', url: 'data:image/png;base64,AAAA' };
    expect(await integration('qr-code').onEffect!(block, result, ctx, { type: 'qrCode', data: 'x' })).toEqual({
      kind: 'next',
    });
    expect(ctx.variables.value('v-url')).toBe('data:image/png;base64,AAAA');
  });

  it('the reference messages when data or the variable is missing, or the action is not set', async () => {
    const logsOf = async (options: Record<string, unknown>) =>
      (await run({ type: 'qr-code', options }, { variables })).turn.output.logs.map((log) => log.description);
    expect(await logsOf({ action: 'Generate a QR Code', saveUrlInVariableId: 'v-url' })).toEqual([
      'QR code data is empty. Please provide the data to be encoded into the QR code.',
    ]);
    expect(await logsOf({ action: 'Generate a QR Code', data: 'x' })).toEqual([
      'QR code image URL is not specified. Please select a variable to save the generated QR code image.',
    ]);
    expect(await logsOf({})).toEqual(['qr-code is not configured']);
  });
});

describe('Cal.com', () => {
  it('shows a custom embed of the booking widget and waits; the booked date reply goes to the variable', async () => {
    const variables = [
      { id: 'v-date', name: 'Booked' },
      { id: 'v-name', name: 'Name', value: 'Ann' },
    ];
    const options = {
      action: 'Book event',
      link: 'https://cal.com/parley/demo',
      layout: 'Weekly',
      name: '{{Name}}',
      anyPrefilledInformations: [{ id: 'p', questionId: 'company', value: 'Acme' }],
      saveBookedDateInVariableId: 'v-date',
    };
    const { outcome, turn, ctx, block } = await run({ type: 'cal-com', options }, { variables });
    expect(outcome).toEqual({ kind: 'await-reply' });
    expect(turn.output.messages).toEqual([
      {
        id: 'b1',
        type: 'custom-embed',
        content: {
          url: 'https://cal.com/parley/demo',
          initFunction: {
            args: {
              baseUrl: 'https://app.cal.com',
              link: 'parley/demo',
              name: 'Ann',
              email: null,
              layout: 'week_view',
              phone: null,
              additionalNotes: null,
              otherPrefilledInformations: { company: 'Acme' },
            },
            content: expect.stringContaining("window.Cal('inline'"),
          },
          waitForEventFunction: { args: {}, content: expect.stringContaining('continueFlow(event.detail.data.date)') },
        },
      },
    ]);
    await integration('cal-com').onReply!(block, { type: 'text', text: '2026-12-01T10:00:00Z' }, ctx);
    expect(ctx.variables.value('v-date')).toBe('2026-12-01T10:00:00Z');
  });

  it('without a link: not configured', async () => {
    expect((await run({ type: 'cal-com', options: { action: 'Book event' } })).turn.output.logs).toEqual([
      { description: 'cal-com is not configured' },
    ]);
  });
});
