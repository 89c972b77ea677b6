import { handlerFor } from '../../../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../../../src/engine/types';
import { testContext } from '../../../../helpers/engine';

const handler = (type: string) => {
  const found = handlerFor(type);
  if (found?.category !== 'integration') throw new Error(`${type} is not an integration block`);
  return found;
};

async function run(type: string, options: { isPreview?: boolean; workspaceId?: string } = {}) {
  const { ctx, turn, state } = testContext({ isPreview: options.isPreview });
  if (options.workspaceId !== undefined) state.workspaceId = options.workspaceId;
  const outcome = await handler(type).execute({ id: 'b1', type } as BlockDefinition, ctx);
  return { outcome, logs: turn.output.logs };
}

describe('integration blocks not supported yet', () => {
  it('covers every integration and forge type', () => {
    for (const type of ['Webhook', 'Email', 'Google Sheets', 'OpenAI', 'Zapier', 'openai', 'mistral', 'anthropic']) expect(handler(type).category).toBe('integration');
  });

  it('live: an error log naming the block type, and the flow goes on', async () => {
    expect(await run('qr-code')).toEqual({
      outcome: { kind: 'next' },
      logs: [{ status: 'error', description: 'The "qr-code" block is not supported yet by Parley: skipped' }],
    });
  });

  it('preview: e-mails are never sent (info log), whoever previews', async () => {
    expect((await run('Email', { isPreview: true })).logs).toEqual([{ status: 'info', description: 'Emails are not sent in preview mode' }]);
    expect((await run('Email', { isPreview: true, workspaceId: '' })).logs).toEqual([{ status: 'info', description: 'Emails are not sent in preview mode' }]);
  });

  it('anonymous preview: integrations, HTTP requests included, are skipped with an info log', async () => {
    for (const type of ['openai', 'Webhook', 'Zapier']) {
      expect((await run(type, { isPreview: true, workspaceId: '' })).logs).toEqual([
        { status: 'info', description: `The "${type}" block is skipped in an anonymous preview (no stored credentials, no network)` },
      ]);
    }
  });

  it("a member's preview still reports the block as not supported yet", async () => {
    expect((await run('openai', { isPreview: true, workspaceId: 'ws1' })).logs[0]).toEqual(expect.objectContaining({ status: 'error' }));
  });
});
