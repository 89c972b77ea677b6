import { UTCDate } from '@date-fns/utc';
import type * as Chrono from 'chrono-node';
// The one function, not the package index (which loads every date-fns function: ~5 MB more).
import { format } from 'date-fns/format';
import { lazyModule } from '../../../lazy-module';
import type { BlockDefinition } from '../../../definition/schema';
import type { BlockContext, InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import {
  buttonLabel,
  FAIL,
  inputLabels,
  inputOptions,
  isRecord,
  ok,
  prefilledValue,
  substitutedBlock,
  textOf,
  withPrefilledValue,
} from '../shared';
import definition from './definition';

const options = inputOptions({
  hasTime: opt.boolean({ title: 'With time' }),
  isRange: opt.boolean({ title: 'Date range' }),
  format: opt.string({ title: 'Format', description: 'dd/MM/yyyy when empty' }),
  min: opt.string({ title: 'Earliest date' }),
  max: opt.string({ title: 'Latest date' }),
  labels: inputLabels({
    button: buttonLabel(),
    from: opt.string({ title: 'From label' }),
    to: opt.string({ title: 'To label' }),
    separator: opt.string({ title: 'Range separator' }),
  }),
});

export const DEFAULT_DATE_FORMAT = 'dd/MM/yyyy';
export const DEFAULT_DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';
const DEFAULT_SEPARATOR = 'to';

/**
 * Dates are read and written in UTC, relative to the engine's clock, so that a
 * reply means the same whatever the server's time zone.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first date or time reply (see lazyModule)
export const chrono = lazyModule(() => require('chrono-node') as typeof Chrono);

export function parsingReference(ctx: BlockContext): Chrono.ParsingReference {
  return { instant: ctx.env.now(), timezone: 0 };
}

/** Formats with a Unicode TR35 pattern in UTC; an invalid pattern falls back to `fallback`. */
export function formatUtc(date: Date, pattern: string, fallback: string): string {
  const options = { useAdditionalDayOfYearTokens: true, useAdditionalWeekYearTokens: true };
  const utc = new UTCDate(date.getTime());
  try {
    return format(utc, pattern, options);
  } catch {
    return format(utc, fallback, options);
  }
}

const ISO_DATE_TIME_NO_SECONDS = /\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d/;

/**
 * A min/max limit as displayed: variables substituted; a value holding an
 * ISO date-time is cut to `YYYY-MM-DDTHH:mm` (with time) or `YYYY-MM-DD`.
 */
export async function normalizeDateLimit(limit: string, hasTime: boolean, ctx: BlockContext): Promise<string> {
  const text = await ctx.text(limit);
  const match = ISO_DATE_TIME_NO_SECONDS.exec(text);
  if (!match) return text;
  return hasTime ? match[0] : match[0].slice(0, 10);
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** A limit as an instant: ISO dates without a zone are UTC; other text is read without the server's zone. */
function limitInstant(text: string): Date | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const iso = ISO_LOCAL.exec(trimmed);
  if (iso) {
    const [, year, month, day, hours, minutes, seconds, millis] = iso;
    const time = Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hours ?? 0),
      Number(minutes ?? 0),
      Number(seconds ?? 0),
      Number((millis ?? '0').padEnd(3, '0')),
    );
    return Number.isNaN(time) ? undefined : new Date(time);
  }
  const parsed = new Date(trimmed);
  if (Number.isNaN(parsed.getTime())) return undefined;
  const hasZone = /Z$|[+-]\d{2}:?\d{2}\b|\b(?:GMT|UTC)\b/i.test(trimmed);
  return hasZone ? parsed : new Date(parsed.getTime() - parsed.getTimezoneOffset() * 60_000);
}

const DAY_MS = 86_400_000;

interface DateOptions {
  hasTime: boolean;
  isRange: boolean;
  /** The explicit format, variables substituted ('' when none). */
  format: string;
}

async function dateOptions(block: BlockDefinition, ctx: BlockContext): Promise<DateOptions> {
  const { hasTime, isRange, format: explicit } = readOptions(options, block);
  return { hasTime: hasTime === true, isRange: isRange === true, format: explicit ? await ctx.text(explicit) : '' };
}

/**
 * Natural-language dates ("tomorrow", "2024-01-31", "31/01/2024"): day first
 * when the format starts with "dd" (the default does). Content: the start
 * date formatted, or "<start> <separator> <end>" for ranges. Limits compare
 * by day, or to the minute when the input has a time (the reference compares
 * instants, so a date-only reply on the max day was refused: fixed here).
 */
export const dateInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  newBlock: { options: { hasTime: false, isRange: false, format: DEFAULT_DATE_FORMAT } },
  options,
  replyEventType: 'date',
  async display(block, ctx) {
    const input = await substitutedBlock(block, ctx);
    if (!isRecord(input.options)) return withPrefilledValue(input, prefilledValue(block, ctx));
    const typed = readOptions(options, block);
    const shown: Record<string, unknown> = { ...input.options };
    for (const key of ['min', 'max'] as const) {
      const limit = typed[key];
      if (limit) shown[key] = await normalizeDateLimit(limit, typed.hasTime === true, ctx);
      // An empty limit is not sent (a number or other non-text limit is shown as written).
      else if (key in shown && !shown[key]) delete shown[key];
    }
    return withPrefilledValue({ ...input, options: shown }, prefilledValue(block, ctx));
  },
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined) return FAIL;
    const { hasTime, isRange, format: explicitFormat } = await dateOptions(block, ctx);
    const parser = (explicitFormat || DEFAULT_DATE_FORMAT).startsWith('dd') ? chrono().en.GB : chrono().en.casual;
    const found = parser.parse(text, parsingReference(ctx))[0];
    if (!found) return FAIL;
    const start = found.start.date();
    const end = found.end?.date();
    if (isRange && !end) return FAIL;

    const typed = readOptions(options, block);
    const unit = (date: Date): number =>
      hasTime ? Math.floor(date.getTime() / 60_000) : Math.floor(date.getTime() / DAY_MS);
    const limit = async (key: 'min' | 'max'): Promise<number | undefined> => {
      const raw = typed[key];
      if (!raw) return undefined;
      const instant = limitInstant(await normalizeDateLimit(raw, hasTime, ctx));
      return instant ? unit(instant) : undefined;
    };
    const min = await limit('min');
    const max = await limit('max');
    const dates = end ? [start, end] : [start];
    if (dates.some((date) => (min !== undefined && unit(date) < min) || (max !== undefined && unit(date) > max)))
      return FAIL;

    const defaultFormat = hasTime ? DEFAULT_DATE_TIME_FORMAT : DEFAULT_DATE_FORMAT;
    const pattern = explicitFormat || defaultFormat;
    const startText = formatUtc(start, pattern, defaultFormat);
    if (!isRange || !end) return ok(startText);
    const separatorTemplate = typed.labels?.separator;
    const separator = separatorTemplate ? await ctx.text(separatorTemplate) : DEFAULT_SEPARATOR;
    return ok(`${startText} ${separator} ${formatUtc(end, pattern, defaultFormat)}`);
  },
};

export default dateInput;
