import { isAnonymousPreview } from '../../integrations/anonymous-preview';
import { describeCodeError } from '../code-errors';
import { jsonOrText } from '../../../json';
import type { z } from 'zod';
import { opt, optionsSchema, readOptions, withModes } from '../../options';
import { DateTime } from 'luxon';
import type { BlockContext, Lack, LogicHandler, Outcome } from '../../handler';
import { asFunctionBody, substituteVariables } from '../../../variables/templating';
import { formatTranscript } from '../../../transcript-lines';
import { hasValue } from '../../../variables/values';
import { clientScript, isFetchError, scriptGlobals } from '../code/block';
import { asRecord, isBlank } from '../../../json';
import type { BlockDefinition } from '../../../definition/schema';
import definition from './definition';

// Set variable (docs/engine-behaviour.md#set-variable): computes a value for one variable. Every
// type computes something; "nothing" clears the variable (null), it never
// leaves it untouched.

/** The kinds of value, as the reference lists them ("Today" and "User ID" it no longer offers, but runs). */
const VALUE_TYPES = [
  { value: 'Custom', title: 'Custom (text or code)' },
  'Empty',
  'Append value(s)',
  'Environment name',
  'Device type',
  'Transcript',
  'User ID',
  'Result ID',
  { value: 'Now', title: 'Now (date and time)' },
  { value: 'Today', title: 'Today (date and time, UTC)' },
  'Yesterday',
  'Tomorrow',
  'Random ID',
  'Moment of the day',
  'Map item with same index',
  { value: 'Pop', title: 'Pop (take the last item)' },
  { value: 'Shift', title: 'Shift (take the first item)' },
  { value: 'Phone number', title: 'Phone number (WhatsApp)' },
  { value: 'Contact name', title: 'Contact name (WhatsApp)' },
  { value: 'Referral Click ID', title: 'Referral click ID (WhatsApp)' },
  { value: 'Referral Source ID', title: 'Referral source ID (WhatsApp)' },
] as const;

const DATE_FIELDS = ['timeZone'];
const TAKE_FIELDS = ['saveItemInVariableId'];

const blockOptions = withModes(
  optionsSchema({
    variableId: opt.variable('Variable'),
    type: opt.choice(VALUE_TYPES, { title: 'Value', unknown: 'the block empties the variable' }),
    expressionToEvaluate: opt.string({ title: 'Expression', widget: 'code' }),
    isCode: opt.boolean({ title: 'Evaluate as code' }),
    isExecutedOnClient: opt.boolean({ title: 'Run on the client' }),
    isUnsafe: opt.boolean({ title: 'Unsafe' }),
    saveErrorInVariableId: opt.variable('Save the error in'),
    timeZone: opt.string({
      title: 'Time zone',
      description: 'Europe/Paris, America/New_York… (empty: UTC)',
      widget: 'timeZone',
    }),
    item: opt.string({ title: 'Item' }),
    saveItemInVariableId: opt.variable('Save the item in'),
    mapListItemParams: opt.object(
      {
        baseItemVariableId: opt.variable('Base item'),
        baseListVariableId: opt.variable('Base list'),
        targetListVariableId: opt.variable('Target list'),
      },
      { title: 'Map item with same index' },
    ),
  }),
  {
    key: 'type',
    default: 'Custom',
    fields: {
      Custom: ['expressionToEvaluate', 'isCode', 'isExecutedOnClient', 'isUnsafe', 'saveErrorInVariableId'],
      Now: DATE_FIELDS,
      Yesterday: DATE_FIELDS,
      Tomorrow: DATE_FIELDS,
      'Append value(s)': ['item'],
      'Map item with same index': ['mapListItemParams'],
      Pop: TAKE_FIELDS,
      Shift: TAKE_FIELDS,
    },
  },
);

type Options = z.output<typeof blockOptions>;

/** What a type computes: a value, or code to evaluate (on the server or the client). */
type Expression = { kind: 'value'; value: unknown } | { kind: 'code'; code: string };

const CLEARED: Expression = { kind: 'value', value: null };

const DAY_MS = 86_400_000;

/** Runs on the client (local clock): "night" is never returned, as in the reference. */
const MOMENT_OF_THE_DAY_CODE = `const hour = new Date().getHours()
if (hour < 12) return 'morning'
if (hour < 18) return 'afternoon'
return 'evening'`;

/** Runs on the client: tablet, mobile or desktop from the user agent, touch support and width. */
const DEVICE_TYPE_CODE = `const agent = navigator.userAgent
const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0
const width = window.innerWidth
if (/(tablet|ipad|playbook|silk)|(android(?!.*mobile))/i.test(agent) || (touch && width >= 768 && width <= 1024)) return 'tablet'
if (/Mobile|Android|iP(hone|od)|IEMobile|BlackBerry|Kindle|Silk-Accelerated/.test(agent) || (touch && width < 768)) return 'mobile'
return 'desktop'`;

/** Types whose value only the client can compute. */
const ALWAYS_ON_CLIENT = new Set(['Moment of the day', 'Device type']);

/** `yyyy-MM-dd'T'HH:mm:ssXXX` in the zone (Z for a zero offset); undefined for an unknown zone. */
function formatInZone(date: Date, zone: string): string | undefined {
  const time = DateTime.fromJSDate(date, { zone });
  if (!time.isValid) return undefined;
  return time.toFormat("yyyy-MM-dd'T'HH:mm:ss") + (time.offset === 0 ? 'Z' : time.toFormat('ZZ'));
}

async function dateValue(offsetMs: number, options: Options, ctx: BlockContext): Promise<Expression> {
  const date = new Date(ctx.env.now().getTime() + offsetMs);
  const zone = await ctx.text(options.timeZone ?? '');
  if (zone === '') return { kind: 'value', value: date.toISOString() };
  const formatted = formatInZone(date, zone);
  if (formatted === undefined) {
    ctx.log({ status: 'info', description: `Unknown time zone "${zone}": the time is given in UTC` });
    return { kind: 'value', value: date.toISOString() };
  }
  return { kind: 'value', value: formatted };
}

function mapItemWithSameIndex(options: Options, ctx: BlockContext): Expression {
  const params = options.mapListItemParams ?? {};
  const baseList = ctx.variables.value(params.baseListVariableId);
  const baseItem = ctx.variables.value(params.baseItemVariableId);
  const targetList = ctx.variables.value(params.targetListVariableId);
  if (!Array.isArray(baseList) || typeof baseItem !== 'string' || baseItem === '') return CLEARED;
  const index = baseList.indexOf(baseItem);
  if (index === -1 || !Array.isArray(targetList)) return CLEARED;
  const value = targetList[index];
  return value === undefined || value === null || value === '' ? CLEARED : { kind: 'value', value };
}

/** Pop and Shift: the list without its last (first) item; the item goes to saveItemInVariableId. */
function takeItem(fromEnd: boolean, variableId: string, options: Options, ctx: BlockContext): Expression {
  const current = ctx.variables.value(variableId);
  if (!hasValue(current)) return CLEARED;
  const saveItemIn = options.saveItemInVariableId;
  if (!Array.isArray(current)) {
    if (saveItemIn) ctx.variables.set(saveItemIn, current);
    return { kind: 'value', value: [] };
  }
  if (saveItemIn) ctx.variables.set(saveItemIn, fromEnd ? current[current.length - 1] : current[0]);
  return { kind: 'value', value: fromEnd ? current.slice(0, -1) : current.slice(1) };
}

async function appendValue(variableId: string, options: Options, ctx: BlockContext): Promise<Expression> {
  const item = await ctx.text(options.item ?? '');
  const current = ctx.variables.value(variableId);
  if (!hasValue(current)) return { kind: 'value', value: [item] };
  if (!Array.isArray(current)) return { kind: 'value', value: [current, item] };
  return { kind: 'value', value: [...current, item] };
}

async function expressionFor(
  type: string,
  variableId: string,
  options: Options,
  ctx: BlockContext,
): Promise<Expression> {
  switch (type) {
    case 'Custom': {
      const code = options.expressionToEvaluate;
      return code ? { kind: 'code', code } : CLEARED;
    }
    case 'Empty':
      return CLEARED;
    case 'Append value(s)':
      return appendValue(variableId, options, ctx);
    case 'Environment name':
      // The reference answers "whatsapp" in its one messaging channel; each of Parley's gives its own name.
      return { kind: 'value', value: ctx.state.channel ?? 'web' };
    case 'Device type':
      // A messaging channel has no client: the reference evaluates the code on the server, where it
      // throws (no window), and the variable receives the code's text.
      return ctx.state.channel ? { kind: 'value', value: DEVICE_TYPE_CODE } : { kind: 'code', code: DEVICE_TYPE_CODE };
    case 'Moment of the day':
      return { kind: 'code', code: MOMENT_OF_THE_DAY_CODE };
    case 'Transcript':
      // The conversation so far, recorded as it happened (the block runs after everything in it);
      // lines written out by earlier turns are read first (execute asks for them).
      return { kind: 'value', value: formatTranscript(ctx.state.transcript?.recent ?? []) };
    case 'Result ID':
    case 'User ID':
      // Previews have no result: a new id every time, as in the reference.
      return { kind: 'value', value: ctx.entry.resultId ?? ctx.env.newId() };
    case 'Now':
      return dateValue(0, options, ctx);
    case 'Today':
      return { kind: 'value', value: ctx.env.now().toISOString() };
    case 'Yesterday':
      return dateValue(-DAY_MS, options, ctx);
    case 'Tomorrow':
      return dateValue(DAY_MS, options, ctx);
    case 'Random ID':
      return { kind: 'value', value: ctx.env.newId() };
    case 'Map item with same index':
      return mapItemWithSameIndex(options, ctx);
    case 'Pop':
      return takeItem(true, variableId, options, ctx);
    case 'Shift':
      return takeItem(false, variableId, options, ctx);
    default:
      // Phone number, Contact name, Referral Click ID, Referral Source ID come
      // from the messaging-app contact: absent on the web. Unknown types too.
      return CLEARED;
  }
}

/** True for an expression that is exactly one {{Variable}} (the reference's own test: no trimming). */
function isSingleVariable(code: string): boolean {
  return code.startsWith('{{') && code.endsWith('}}') && code.split('{{').length === 2;
}

/** Looks like a number written with a leading zero ("0123"): kept as text, never read as octal. */
function isLeadingZeroNumber(code: string): boolean {
  return !Number.isNaN(Number(code)) && /0[^.].+/.test(code);
}

interface Evaluation {
  value: unknown;
  error?: string;
}

/** Custom expression on the server (docs/engine-behaviour.md#custom-expressions). */
async function evaluate(code: string, ctx: BlockContext): Promise<Evaluation> {
  if (isSingleVariable(code)) return { value: await ctx.text(code) };
  if (isLeadingZeroNumber(code)) return { value: code };
  const variables = ctx.variables.list();
  const result = await ctx.env.code.run({
    body: substituteVariables(asFunctionBody(code), variables, { mode: 'id' }),
    globals: scriptGlobals(code, variables),
    isAsync: true,
    // Provided so that code calling it does not fail, but ignored: only the Code block applies those.
    allowSetVariable: true,
    // Anonymous previews reach no network at all, code's fetch included; a replay sends nothing again.
    allowFetch: !isAnonymousPreview(ctx.state) && !ctx.env.hasRecorded,
  });
  if (result.ok) return { value: result.value };
  // Plain text such as "Hello {{Name}}" is not JavaScript: it ends up here and is stored as text.
  return { value: await ctx.text(code), error: result.error };
}

/**
 * The error description of the reference: its executor wraps the error twice,
 * so the description is itself JSON (observed on Typebot 3.18, engine
 * reference appendix B). saveErrorInVariableId receives the same text.
 */
function errorDescription(error: string): string {
  return JSON.stringify({ context: 'While executing function', description: describeCodeError(error) });
}

function executeOnClient(code: string, type: string, options: Options, ctx: BlockContext): Outcome {
  const isUnsafe = options.isUnsafe !== undefined ? { isUnsafe: options.isUnsafe } : {};
  ctx.action({
    type: 'setVariable',
    setVariable: {
      scriptToExecute: {
        ...clientScript(code, ctx.variables.list()),
        isCode: type === 'Custom' && options.isCode === true,
        ...isUnsafe,
      },
    },
    expectsDedicatedReply: true,
  });
  return { kind: 'await-reply' };
}

function lacks(block: BlockDefinition): Lack[] {
  const options = asRecord(block.options);
  const out: Lack[] = [];
  if (isBlank(options.variableId))
    out.push({ message: 'Set variable sets no variable: choose the variable', at: ['options', 'variableId'] });
  const type = typeof options.type === 'string' ? options.type : 'Custom';
  if (type === 'Custom' && isBlank(options.expressionToEvaluate))
    out.push({
      message: 'Set variable has no value: it empties the variable (choose "Empty" if that is what you mean)',
      at: ['options', 'expressionToEvaluate'],
    });
  return out;
}

export const setVariableBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  lacks,
  newBlock: { options: { type: 'Custom' } },
  options: blockOptions,
  needsTranscript: (block) => readOptions(blockOptions, block).type === 'Transcript',
  async execute(block, ctx) {
    const options = readOptions(blockOptions, block);
    const variableId = options.variableId;
    if (!variableId || !ctx.variables.byId(variableId)) return { kind: 'next' };
    const type = options.type ?? 'Custom';
    const storedLines = ctx.state.transcript?.stored ?? 0;
    if (type === 'Transcript' && storedLines > 0)
      return { kind: 'effect', effect: { type: 'loadTranscript', lines: storedLines } };

    const expression = await expressionFor(type, variableId, options, ctx);
    // A messaging channel has no client to run code: it runs on the server (the server's clock, for the moment of the day).
    const onClient = options.isExecutedOnClient === true || ALWAYS_ON_CLIENT.has(type);
    if (expression.kind === 'code' && onClient && !ctx.state.channel) {
      return executeOnClient(expression.code, type, options, ctx);
    }

    const { value, error } =
      expression.kind === 'code' && !ctx.env.hasRecorded?.(block.id, variableId ?? '')
        ? await evaluate(expression.code, ctx)
        : // A replay with the value recorded: the store takes it, the code (and its requests) is not run again.
          { value: expression.kind === 'code' ? null : expression.value, error: undefined };
    if (error !== undefined) reportError(error, type, options, ctx);
    const updated = ctx.variables.set(variableId, value);
    // The transcript is session data: never copied into the result.
    if (updated && type === 'Transcript') updated.isSessionVariable = true;
    return { kind: 'next' };
  },
  onEffect(block, result, ctx) {
    // The transcript's earlier lines, then this turn's. When they could not be read, the flow goes on with this turn's and says so.
    if (result.type !== 'loadTranscript')
      ctx.log({
        status: 'error',
        description: 'The transcript could not be read',
        context: 'While setting the transcript',
      });
    const earlier = result.type === 'loadTranscript' ? result.lines : [];
    const updated = ctx.variables.set(
      readOptions(blockOptions, block).variableId,
      formatTranscript([...earlier, ...(ctx.state.transcript?.recent ?? [])]),
    );
    if (updated) updated.isSessionVariable = true;
    return { kind: 'next' };
  },
  onReply(block, reply, ctx) {
    // The client's result: JSON-stringified unless it was a string. No text at all: nothing to store.
    if (reply?.type !== 'text') return { kind: 'next' };
    const variableId = readOptions(blockOptions, block).variableId;
    ctx.variables.set(variableId, parseReply(reply.text));
    return { kind: 'next' };
  },
};

function parseReply(replyText: string): unknown {
  return replyText === '' ? null : jsonOrText(replyText);
}

function reportError(error: string, type: string, options: Options, ctx: BlockContext): void {
  const isCode = type === 'Custom' && options.isCode === true;
  const description = errorDescription(error);
  if (isFetchError(error)) {
    // The reference would have made the request: say plainly why nothing happened.
    ctx.log({ status: 'error', description: error, context: 'While evaluating set variable expression' });
  } else if (isCode) {
    ctx.log({ description, context: 'While evaluating set variable expression' });
  }
  if (isCode) ctx.variables.set(options.saveErrorInVariableId, description);
}

export default setVariableBlock;
