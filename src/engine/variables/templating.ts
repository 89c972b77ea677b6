import type { CodeRunner } from '../contracts';
import type { RuntimeVariable, VariableValue } from '../session';
import { guessType, hasValue } from './values';

// {{Variable name}} substitution and {{= inline code =}} (docs/engine-behaviour.md#templating).

export type SubstitutionMode =
  /** Values as text: lists as JSON arrays. */
  | 'plain'
  /** Inside a JSON template: strings escaped without quotes, lists as JSON arrays. */
  | 'json'
  /** Inside HTML: < and > escaped. */
  | 'html'
  /** Code: each reference becomes the variable's id (an identifier the sandbox defines), even without a value. */
  | 'id';

export interface SubstitutionOptions {
  mode?: SubstitutionMode;
  /** v5 text bubbles show only the last item of a list. */
  listAsLastItem?: boolean;
}

export interface RenderOptions extends SubstitutionOptions {
  /**
   * Runs inline code. Without a runner, inline code behaves as code that
   * failed: the inner text is substituted as plain text.
   */
  code?: CodeRunner;
}

/** `{{Name}}`: the name is anything but braces. `${{Name}}` needs no pattern of its own: the `$` stays in the text. */
export const VARIABLE_PATTERN = /\{\{([^{}]+)\}\}/g;
/** `{{= code =}}`: lazy and single-line (`.` does not cross newlines). */
export const INLINE_CODE_PATTERN = /\{\{=(.+?)=\}\}/g;
const SINGLE_VARIABLE = /^\{\{([^{}]+)\}\}$/;

/** The first variable with that name (exact, case-sensitive). */
export function findVariable(variables: readonly RuntimeVariable[], name: string): RuntimeVariable | undefined {
  return variables.find((variable) => variable.name === name);
}

/**
 * The variable a `{{Name}}` reference shows: the first one of that name that
 * has a value (names should be unique; the reference looks them up this way).
 */
export function findVariableWithValue(
  variables: readonly RuntimeVariable[],
  name: string,
): RuntimeVariable | undefined {
  return variables.find((variable) => variable.name === name && hasValue(variable.value));
}

/** The name when `text` is exactly one `{{Name}}` reference (surrounding spaces allowed). */
export function singleVariableName(text: string | undefined | null): string | undefined {
  return text ? SINGLE_VARIABLE.exec(text.trim())?.[1] : undefined;
}

/** A stored value as text: lists as JSON arrays, or their last item when asked; no value ⇒ "". */
export function valueToText(value: VariableValue | undefined, listAsLastItem = false): string {
  if (!hasValue(value)) return '';
  if (typeof value === 'string') return value;
  if (listAsLastItem) return value[value.length - 1] ?? '';
  return JSON.stringify(value);
}

function escapeHtml(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function render(
  name: string,
  variables: readonly RuntimeVariable[],
  mode: SubstitutionMode,
  listAsLastItem: boolean,
): string {
  if (mode === 'id') return findVariable(variables, name)?.id ?? '';
  const value = findVariableWithValue(variables, name)?.value;
  if (!hasValue(value)) return '';
  if (mode === 'json') return typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : JSON.stringify(value);
  const text = valueToText(value, listAsLastItem);
  return mode === 'html' ? escapeHtml(text) : text;
}

/** Globals for code: every variable by id, with its guessed type. */
export function codeGlobals(variables: readonly RuntimeVariable[]): Record<string, unknown> {
  const globals: Record<string, unknown> = {};
  for (const variable of variables) globals[variable.id] = guessType(variable.value);
  return globals;
}

/** Body of a function: `return ` is prepended when the code has none. */
export function asFunctionBody(code: string): string {
  return code.includes('return ') ? code : `return ${code}`;
}

/** What code computed, as text: strings as they are, null/undefined ⇒ "", anything else as JSON. */
export function codeValueToText(value: unknown, listAsLastItem = false): string {
  if (listAsLastItem && Array.isArray(value)) return codeValueToText(value[value.length - 1]);
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The text one `{{= code =}}` segment becomes (docs/engine-behaviour.md#templating): the code,
 * with `{{Var}}` replaced by variable ids, runs as a sync function body over
 * every variable (typed); when it fails (or no runner is given) the inner
 * text is substituted as plain text instead.
 */
export async function evaluateInlineCode(
  code: string,
  variables: readonly RuntimeVariable[],
  runner: CodeRunner | undefined,
  listAsLastItem = false,
): Promise<string> {
  if (runner) {
    const body = asFunctionBody(substituteVariables(code, variables, { mode: 'id' }));
    try {
      const result = await runner.run({ body, globals: codeGlobals(variables), isAsync: false });
      if (result.ok) return codeValueToText(result.value, listAsLastItem);
    } catch {
      // A runner that throws is treated like code that failed.
    }
  }
  return substituteVariables(code, variables);
}

function substituteReferences(
  text: string,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions,
): string {
  const mode = options.mode ?? 'plain';
  const listAsLastItem = options.listAsLastItem ?? false;
  return text.replace(VARIABLE_PATTERN, (_match, name: string) => render(name, variables, mode, listAsLastItem));
}

/**
 * Every {{variable}} reference, synchronously, for texts where bot-author code
 * never runs (theme, settings, code's own variable ids): inline code is
 * treated as code that failed, its inner text substituted as plain text.
 */
export function substituteVariables(
  text: string,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions = {},
): string {
  if (typeof text !== 'string' || text === '') return '';
  const withCode = text.includes('{{=')
    ? text.replace(INLINE_CODE_PATTERN, (_match, code: string) => substituteVariables(code, variables))
    : text;
  return substituteReferences(withCode, variables, options);
}

/**
 * Replaces inline code first (run in the sandbox, one segment after the
 * other), then every {{variable}} reference (also inside the code's results).
 */
export async function renderText(
  text: string,
  variables: readonly RuntimeVariable[],
  options: RenderOptions = {},
): Promise<string> {
  if (typeof text !== 'string' || text === '') return '';
  if (!text.includes('{{=')) return substituteReferences(text, variables, options);
  let withCode = '';
  let last = 0;
  for (const match of text.matchAll(INLINE_CODE_PATTERN)) {
    withCode += text.slice(last, match.index) + (await evaluateInlineCode(match[1]!, variables, options.code));
    last = match.index + match[0].length;
  }
  return substituteReferences(withCode + text.slice(last), variables, options);
}

/** Substitutes every string in a JSON tree, synchronously (settings, theme: no inline code runs there). */
export function deepSubstitute<T>(
  value: T,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions = {},
): T {
  if (typeof value === 'string') return substituteVariables(value, variables, options) as T;
  if (Array.isArray(value)) return value.map((item) => deepSubstitute(item, variables, options)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = deepSubstitute(item, variables, options);
    return copy as T;
  }
  return value;
}

/** Whether any string of a JSON tree holds inline code. */
function hasInlineCode(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{=');
  if (Array.isArray(value)) return value.some(hasInlineCode);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasInlineCode);
  return false;
}

/** Renders every string in a JSON tree (input blocks, media), inline code included, strings in document order. */
export async function renderDeep<T>(
  value: T,
  variables: readonly RuntimeVariable[],
  options: RenderOptions = {},
): Promise<T> {
  if (!hasInlineCode(value)) return deepSubstitute(value, variables, options);
  if (typeof value === 'string') return (await renderText(value, variables, options)) as T;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) items.push(await renderDeep(item, variables, options));
    return items as T;
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = await renderDeep(item, variables, options);
    return copy as T;
  }
  return value;
}
