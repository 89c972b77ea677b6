import { opt, optionsSchema, readOptions } from '../../options';
import type { BlockContext, LogicHandler } from '../../handler';
import definition from './definition';

export interface ResponseMapping {
  id?: string;
  variableId?: string;
  bodyPath?: string;
}

/** The response variable mapping of HTTP request and wait-for-webhook blocks. */
export const responseMappingOption = () =>
  opt.objectList(
    {
      bodyPath: opt.string({ title: 'Value', description: 'Where in the answer, such as data.items[0].name' }),
      variableId: opt.variable('Save in'),
    },
    { title: 'Save in variables', keywords: { 'x-parley-row': 'Saved value' } },
  );

const options = optionsSchema({ responseVariableMapping: responseMappingOption() });

function parseWebhookReply(text: string): { statusCode: number; data: unknown } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'statusCode' in parsed) {
      const { statusCode, data } = parsed as { statusCode: unknown; data?: unknown };
      if (typeof statusCode === 'number') return { statusCode, data };
    }
    return { statusCode: 200, data: parsed };
  } catch {
    return { statusCode: 200, data: text };
  }
}

/** Each mapping's bodyPath is a JS expression over `statusCode` and `data`, evaluated in the sandbox. */
export async function applyResponseMapping(
  mappings: ResponseMapping[],
  response: { statusCode: number; data: unknown },
  ctx: BlockContext,
): Promise<void> {
  for (const mapping of mappings) {
    if (!mapping.bodyPath || !ctx.variables.byId(mapping.variableId)) continue;
    const expression = await ctx.text(mapping.bodyPath);
    const result = await ctx.env.code.run({
      body: `return ${expression}`,
      globals: { statusCode: response.statusCode, data: response.data },
      isAsync: false,
    });
    if (result.ok) ctx.variables.set(mapping.variableId, result.value);
  }
}

/** Pauses until an external system calls back; the callback's body arrives as the client's reply. */
export const webhookBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options,
  acceptsWebhookPayload: true,
  execute(_block, ctx) {
    ctx.action({ type: 'listenForWebhook', expectsDedicatedReply: true });
    return { kind: 'await-reply' };
  },
  async onReply(block, reply, ctx) {
    const text = reply?.type === 'text' ? reply.text : '';
    const response = parseWebhookReply(text);
    const mappings = readOptions(options, block).responseVariableMapping;
    await applyResponseMapping(mappings, response, ctx);
    const failed = response.statusCode >= 400;
    // As the reference logs it: the data as JSON text.
    ctx.log({
      status: failed ? 'error' : 'success',
      description: failed ? 'Webhook returned error' : 'Webhook executed successfully!',
      details: JSON.stringify(response.data),
      // Resumed by its webhook call, the reference stores this in the result only (previews too).
      visibility: 'result',
    });
    return { kind: 'next' };
  },
};

export default webhookBlock;
