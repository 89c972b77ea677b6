import { applyResponseMapping, webhookBlock } from '../../../../../src/engine/blocks/logic/wait-for-webhook/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { loadTestSandbox, testContext } from '../../../../helpers/engine';

beforeAll(loadTestSandbox);

const variables: RuntimeVariable[] = [
  { id: 'vName', name: 'Name' },
  { id: 'vStatus', name: 'Status' },
  { id: 'vFirst', name: 'First' },
  { id: 'vAll', name: 'All' },
  { id: 'vKey', name: 'Key', value: 'name' },
];

const mapping = [
  { id: 'm1', variableId: 'vName', bodyPath: 'data.user.name' },
  { id: 'm2', variableId: 'vStatus', bodyPath: 'statusCode' },
  { id: 'm3', variableId: 'vFirst', bodyPath: 'data.items[0]' },
];

function block(options?: Record<string, unknown>): BlockDefinition {
  return { id: 'wh1', type: 'webhook', outgoingEdgeId: 'eOut', ...(options ? { options } : {}) } as BlockDefinition;
}

async function reply(
  text: string | undefined,
  options: Record<string, unknown> = { responseVariableMapping: mapping },
) {
  const { ctx, turn } = testContext({ variables });
  const outcome = await webhookBlock.onReply!(
    block(options),
    text === undefined ? undefined : { type: 'text', text },
    ctx,
  );
  return { outcome, logs: turn.output.logs, value: (id: string) => ctx.variables.value(id), turn };
}

describe('webhook block', () => {
  it('asks the client to listen for the webhook and waits for its dedicated reply', async () => {
    const { ctx, turn } = testContext({ variables });
    const outcome = await webhookBlock.execute(block(), ctx);
    expect(outcome).toEqual({ kind: 'await-reply' });
    expect(turn.output.clientSideActions).toEqual([{ type: 'listenForWebhook', expectsDedicatedReply: true }]);
  });

  it('stamps the last bubble on the action', async () => {
    const { ctx, turn } = testContext({ variables });
    ctx.message({ id: 'b0', type: 'text', content: {} });
    await webhookBlock.execute(block(), ctx);
    expect(turn.output.clientSideActions).toEqual([
      { type: 'listenForWebhook', expectsDedicatedReply: true, lastBubbleBlockId: 'b0' },
    ]);
  });

  it('maps a {statusCode, data} reply into variables and logs success', async () => {
    const { outcome, logs, value } = await reply(
      JSON.stringify({ statusCode: 201, data: { user: { name: 'Ada' }, items: ['x', 'y'] } }),
    );
    expect(outcome).toEqual({ kind: 'next' });
    expect(value('vName')).toBe('Ada');
    expect(value('vStatus')).toBe('201');
    expect(value('vFirst')).toBe('x');
    expect(logs).toEqual([
      {
        status: 'success',
        description: 'Webhook executed successfully!',
        details: JSON.stringify({ user: { name: 'Ada' }, items: ['x', 'y'] }),
        visibility: 'result',
      },
    ]);
  });

  it('a JSON body without a status code is the data, status 200', async () => {
    const { value, logs } = await reply(JSON.stringify({ user: { name: 'Bob' } }));
    expect(value('vName')).toBe('Bob');
    expect(value('vStatus')).toBe('200');
    expect(logs[0]!.status).toBe('success');
  });

  it('a non-JSON body is kept as text data with status 200', async () => {
    const { value, logs } = await reply('plain body', {
      responseVariableMapping: [{ id: 'm', variableId: 'vAll', bodyPath: 'data' }, mapping[1]],
    });
    expect(value('vAll')).toBe('plain body');
    expect(value('vStatus')).toBe('200');
    expect(logs).toEqual([
      {
        status: 'success',
        description: 'Webhook executed successfully!',
        details: '"plain body"',
        visibility: 'result',
      },
    ]);
  });

  it('an object value is stored as JSON text', async () => {
    const { value } = await reply(JSON.stringify({ statusCode: 200, data: { user: { name: 'A' } } }), {
      responseVariableMapping: [{ id: 'm', variableId: 'vAll', bodyPath: 'data.user' }],
    });
    expect(value('vAll')).toBe('{"name":"A"}');
  });

  it('logs an error for 4xx/5xx status codes (the mapping still applies) and continues', async () => {
    const { outcome, logs, value } = await reply(
      JSON.stringify({ statusCode: 404, data: { user: { name: 'Nobody' } } }),
    );
    expect(outcome).toEqual({ kind: 'next' });
    expect(value('vStatus')).toBe('404');
    expect(logs).toEqual([
      {
        status: 'error',
        description: 'Webhook returned error',
        details: JSON.stringify({ user: { name: 'Nobody' } }),
        visibility: 'result',
      },
    ]);
  });

  it('substitutes variables in bodyPath', async () => {
    const { value } = await reply(JSON.stringify({ statusCode: 200, data: { name: 'Zed' } }), {
      responseVariableMapping: [{ id: 'm', variableId: 'vAll', bodyPath: 'data.{{Key}}' }],
    });
    expect(value('vAll')).toBe('Zed');
  });

  it('skips mappings without bodyPath, with an unknown variable, or whose evaluation throws', async () => {
    const { value } = await reply(JSON.stringify({ statusCode: 200, data: {} }), {
      responseVariableMapping: [
        { id: 'a', variableId: 'vName' },
        { id: 'b', variableId: 'vNope', bodyPath: 'statusCode' },
        { id: 'c', variableId: 'vFirst', bodyPath: 'data.missing.deep' },
        { id: 'd', bodyPath: 'statusCode' },
      ],
    });
    expect(value('vName')).toBeUndefined();
    expect(value('vFirst')).toBeUndefined();
  });

  it('without a mapping only logs; without a reply treats it as empty text', async () => {
    const noMapping = await reply('{"statusCode":200,"data":1}', {});
    expect(noMapping.outcome).toEqual({ kind: 'next' });
    expect(noMapping.logs).toEqual([
      { status: 'success', description: 'Webhook executed successfully!', details: '1', visibility: 'result' },
    ]);
    const empty = await reply(undefined, {});
    expect(empty.logs).toEqual([
      { status: 'success', description: 'Webhook executed successfully!', details: '""', visibility: 'result' },
    ]);
  });

  it('applyResponseMapping is usable on its own (HTTP request block)', async () => {
    const { ctx } = testContext({ variables });
    await applyResponseMapping(
      [{ variableId: 'vName', bodyPath: 'data[1]' }],
      { statusCode: 200, data: ['a', 'b'] },
      ctx,
    );
    expect(ctx.variables.value('vName')).toBe('b');
  });
});
