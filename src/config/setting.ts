// One setting of the configuration schema: where it is read from, how its text
// is parsed (zod), its default and the line of documentation the generated
// table shows. Every setting is read the same way: canonical name first, then
// the names it replaced (with a deprecation line), then the names hosting
// platforms set themselves (PORT, DATABASE_URL: read silently).
import { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Setting<T> {
  readonly kind: 'setting';
  /** The canonical environment variable. */
  readonly env: string;
  /** Older names still read, each with a deprecation line. */
  readonly deprecated: readonly string[];
  /** Names platforms set themselves (PORT on a PaaS): read without a warning. */
  readonly platform: readonly string[];
  /** What the value is, as the docs say it ("integer", "boolean", "origin"...). */
  readonly type: string;
  /** The unit the variable is written in (the parsed value is in ms or bytes). */
  readonly unit?: string;
  /** The default as the docs show it. */
  readonly defaultText: string;
  readonly doc: string;
  /** The value when the variable is absent or empty. */
  fallback(env: Env): T;
  /** The value of the variable's text; throws a ZodError-free Error naming the variable. */
  parse(raw: string, name: string): T;
}

interface Common {
  env: string;
  doc: string;
  deprecated?: readonly string[];
  platform?: readonly string[];
}

const BOOLEAN_TEXT: Record<string, boolean> = {
  true: true,
  false: false,
  on: true,
  off: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

const wholeNumber = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));

function make<T>(
  common: Common,
  shape: { type: string; unit?: string; defaultText: string; fallback: (env: Env) => T },
  schema: z.ZodType<T, string>,
  expected: string,
): Setting<T> {
  return {
    kind: 'setting',
    env: common.env,
    deprecated: common.deprecated ?? [],
    platform: common.platform ?? [],
    doc: common.doc,
    ...shape,
    parse(raw, name) {
      const result = schema.safeParse(raw);
      if (!result.success) throw new Error(`${name} must be ${expected}, got "${raw}"`);
      return result.data;
    },
  };
}

/** A whole number ≥ `min` (default 0), in the unit the name says. */
export function integer(
  common: Common & { default: number; min?: number; max?: number; unit?: string },
): Setting<number> {
  const min = common.min ?? 0;
  const max = common.max ?? Number.MAX_SAFE_INTEGER;
  const range = common.max !== undefined ? `a whole number from ${min} to ${max}` : `a whole number ≥ ${min}`;
  return make(
    common,
    { type: 'integer', unit: common.unit, defaultText: `\`${common.default}\``, fallback: () => common.default },
    wholeNumber.pipe(z.number().min(min).max(max)),
    min === 0 && common.max === undefined ? 'a non-negative integer' : range,
  );
}

const SCALE = { ms: 1, seconds: 1000, minutes: 60_000, hours: 3600_000 } as const;

/** A duration written in `unit` (at least `min` of it, default 0), parsed to milliseconds. */
export function duration(
  common: Common & { default: number; unit: keyof typeof SCALE; min?: number },
): Setting<number> {
  const scale = SCALE[common.unit];
  const min = common.min ?? 0;
  return make(
    common,
    {
      type: 'duration',
      unit: common.unit,
      defaultText: `\`${common.default}\``,
      fallback: () => common.default * scale,
    },
    wholeNumber.pipe(z.number().min(min)).transform((value) => value * scale),
    min === 0 ? `a non-negative integer (${common.unit})` : `a whole number ≥ ${min} (${common.unit})`,
  );
}

const BYTE_SCALE = { bytes: 1, MB: 1024 * 1024 } as const;

/** A size written in `unit`, parsed to bytes. */
export function size(common: Common & { default: number; unit: keyof typeof BYTE_SCALE }): Setting<number> {
  const scale = BYTE_SCALE[common.unit];
  return make(
    common,
    { type: 'size', unit: common.unit, defaultText: `\`${common.default}\``, fallback: () => common.default * scale },
    wholeNumber.transform((value) => value * scale),
    `a non-negative integer (${common.unit})`,
  );
}

/** `true`/`false` (also `on`/`off`, `yes`/`no`, `1`/`0`). */
export function flag(
  common: Common & { default: boolean | ((env: Env) => boolean); defaultText?: string },
): Setting<boolean> {
  const fallback = common.default;
  return make(
    common,
    {
      type: 'boolean',
      defaultText: common.defaultText ?? `\`${String(fallback)}\``,
      fallback: typeof fallback === 'function' ? fallback : () => fallback,
    },
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((text) => text in BOOLEAN_TEXT)
      .transform((text) => BOOLEAN_TEXT[text]!),
    '`true` or `false`',
  );
}

/** Free text; absent when unset and no default is given. */
export function text(common: Common & { default: string; defaultText?: string }): Setting<string>;
export function text(common: Common & { defaultText: string }): Setting<string | undefined>;
export function text(common: Common & { default?: string; defaultText?: string }): Setting<string | undefined> {
  return make(
    common,
    {
      type: 'text',
      defaultText: common.defaultText ?? (common.default ? `\`${common.default}\`` : 'unset'),
      fallback: () => common.default,
    },
    z.string(),
    'text',
  );
}

/** One of a few words. */
export function choice<const T extends string>(common: Common & { values: readonly T[]; default: T }): Setting<T> {
  return make(
    common,
    {
      type: common.values.map((value) => `\`${value}\``).join(', '),
      defaultText: `\`${common.default}\``,
      fallback: () => common.default,
    },
    z.enum(common.values as unknown as [T, ...T[]]),
    `one of ${common.values.join(', ')}`,
  );
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** An http(s) origin (scheme, host, port), as a proxy serves Parley. */
export function origin(common: Common & { defaultText: string }): Setting<string | undefined> {
  return make(
    common,
    { type: 'origin', defaultText: common.defaultText, fallback: () => undefined },
    z
      .string()
      .transform(parseUrl)
      // One check: zod runs the refinements after a failed one too.
      .refine(
        (url) =>
          url !== undefined &&
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.pathname === '/' &&
          !url.search &&
          !url.hash,
      )
      .transform((url) => url!.origin),
    'an origin: an absolute http(s) URL without a path (e.g. https://chat.example.com)',
  );
}

/** An absolute http(s) URL, a path allowed (an API's base URL); kept without its trailing slash. */
export function url(common: Common & { default: string }): Setting<string> {
  return make(
    common,
    { type: 'URL', defaultText: `\`${common.default}\``, fallback: () => common.default },
    z
      .string()
      .trim()
      .transform(parseUrl)
      // One refinement: zod runs the next one even when a previous one failed.
      .refine(
        (url) =>
          url !== undefined &&
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          !url.search &&
          !url.hash &&
          !url.username &&
          !url.password,
      )
      .transform((url) => url!.toString().replace(/\/+$/, '')),
    'an absolute http(s) URL without query or credentials (e.g. https://graph.facebook.com/v21.0)',
  );
}

export function isSetting(value: unknown): value is Setting<unknown> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'setting';
}

/**
 * The setting's value in `env`: its canonical name, else an older name (told
 * to `warn`), else a platform's name, else the default.
 */
export function readSetting<T>(setting: Setting<T>, env: Env, warn: (line: string) => void = () => undefined): T {
  const present = (name: string) => env[name] !== undefined && env[name] !== '';
  if (present(setting.env)) return setting.parse(env[setting.env]!, setting.env);
  const old = setting.deprecated.find(present);
  if (old) {
    warn(`${old} is deprecated: set ${setting.env} instead (${old} is read for now).`);
    return setting.parse(env[old]!, old);
  }
  const platform = setting.platform.find(present);
  if (platform) return setting.parse(env[platform]!, platform);
  return setting.fallback(env);
}

export interface Sender {
  email: string;
  name?: string;
}

/** `Name <address>` or a bare address. */
export function sender(common: Common & { defaultText: string }): Setting<Sender | undefined> {
  return make(
    common,
    { type: '`Name <address>`', defaultText: common.defaultText, fallback: () => undefined },
    z
      .string()
      .trim()
      .min(1)
      .transform((raw): Sender => {
        const match = /^"?([^"<]*?)"?\s*<([^>]+)>$/.exec(raw);
        return match ? { name: match[1] || undefined, email: match[2]!.trim() } : { email: raw };
      }),
    'an e-mail address, or `Name <address>`',
  );
}

/** The variable the setting's value came from: the name a message about it should use. */
export function sourceOf(setting: Setting<unknown>, env: Env): string {
  const present = (name: string) => env[name] !== undefined && env[name] !== '';
  return [setting.env, ...setting.deprecated, ...setting.platform].find(present) ?? setting.env;
}
