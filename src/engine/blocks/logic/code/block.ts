import { isAnonymousPreview } from '../../integrations/anonymous-preview';
import { describeCodeError } from '../code-errors';
import { opt, optionsSchema, readOptions } from '../../options';
import type { BlockContext, LogicHandler } from '../../handler';
import type { RuntimeVariable } from '../../../session';
import { codeGlobals, findVariable, substituteVariables, VARIABLE_PATTERN } from '../../../variables/templating';
import { guessType } from '../../../variables/values';
import definition from './definition';

/** The variables a text references with {{Name}}, in order of first appearance. */
export function referencedVariables(text: string, variables: readonly RuntimeVariable[]): RuntimeVariable[] {
  const found: RuntimeVariable[] = [];
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const variable = findVariable(variables, match[1]!);
    if (variable && !found.includes(variable)) found.push(variable);
  }
  return found;
}

export interface ScriptPayload {
  /** The code with each {{Name}} replaced by the variable's id. */
  content: string;
  /** The referenced variables' typed values, by id: the client runs AsyncFunction(...ids, content)(...values). */
  args: { id: string; value: unknown }[];
}

/** Code for the client (docs/engine-behaviour.md#code-values): ids in place of {{Name}}, values as arguments. */
export function clientScript(code: string, variables: readonly RuntimeVariable[]): ScriptPayload {
  return {
    content: substituteVariables(code, variables, { mode: 'id' }),
    args: referencedVariables(code, variables).map((variable) => ({
      id: variable.id,
      value: guessType(variable.value),
    })),
  };
}

/** Globals of server-side code: the variables the code references, by id, with guessed types. */
export function scriptGlobals(code: string, variables: readonly RuntimeVariable[]): Record<string, unknown> {
  return codeGlobals(referencedVariables(code, variables));
}

/** Server code that failed in a fetch (refused by the outbound guard, failed, or unavailable): worth an explicit error log. */
export function isFetchError(error: string): boolean {
  return /\bfetch\b/.test(error);
}

const options = optionsSchema({
  name: opt.string({ title: 'Name' }),
  content: opt.string({ title: 'Code', widget: 'code' }),
  isExecutedOnClient: opt.boolean({ title: 'Run on the client' }),
  isUnsafe: opt.boolean({ title: 'Unsafe' }),
});

/**
 * Bot-author JavaScript. On the client by default: a `scriptToExecute` action
 * the walk does not wait for. On the server: runs in the sandbox as an async
 * function body; `setVariable(name, value)` calls are applied by variable
 * name once the code has finished (none when it throws); an error becomes a log.
 */
export const codeBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  // The script runs on the client unless the author says otherwise.
  newBlock: { options: { isExecutedOnClient: true } },
  options,
  async execute(block, ctx) {
    const { content = '', isExecutedOnClient, isUnsafe: unsafe } = readOptions(options, block);
    if (content === '') return { kind: 'next' };
    const variables = ctx.variables.list();
    if (isExecutedOnClient !== false) {
      const isUnsafe = unsafe !== undefined ? { isUnsafe: unsafe } : {};
      ctx.action({ type: 'scriptToExecute', scriptToExecute: { ...clientScript(content, variables), ...isUnsafe } });
      return { kind: 'next' };
    }
    if (ctx.env.hasRecorded) replayOnServer(block.id, ctx);
    else await runOnServer(content, ctx);
    return { kind: 'next' };
  },
};

/** A replay (a transcript): the sets the code made, as recorded, without running it again (or its requests). */
function replayOnServer(blockId: string, ctx: BlockContext): void {
  for (const variable of [...ctx.variables.list()])
    // The store takes the recorded value in place of the one given.
    if (ctx.env.hasRecorded?.(blockId, variable.id)) ctx.variables.set(variable.id, null);
}

async function runOnServer(content: string, ctx: BlockContext): Promise<void> {
  const variables = ctx.variables.list();
  const result = await ctx.env.code.run({
    body: substituteVariables(content, variables, { mode: 'id' }),
    globals: scriptGlobals(content, variables),
    isAsync: true,
    allowSetVariable: true,
    // Anonymous previews reach no network at all, code's fetch included.
    allowFetch: !isAnonymousPreview(ctx.state),
  });
  if (!result.ok) {
    // Typebot's log for a failing script has no status; a fetch call is flagged as an error.
    const log = { description: describeCodeError(result.error), context: 'While executing function' };
    ctx.log(isFetchError(result.error) ? { status: 'error', ...log } : log);
    return;
  }
  for (const { name, value } of result.setVariables) {
    const variable = ctx.variables.byName(name);
    if (variable) ctx.variables.set(variable.id, value);
  }
}

export default codeBlock;
