// Groups of settings: a nested object whose leaves are settings, read into a
// nested object of values of the same shape. An optional group (SMTP, S3) is
// read only when its key setting is present; some of its settings are then
// required.
import { isSetting, readSetting, type Env, type Setting } from './setting';

export type Settings = { readonly [key: string]: Setting<unknown> };

export interface OptionalGroup<S extends Settings, K extends keyof S, R extends keyof S> {
  readonly kind: 'optional-group';
  readonly key: K;
  readonly settings: S;
  /** Settings that must be set with the key, and the hint the error gives. */
  readonly required: { readonly [P in R]: string };
}

export type Node = Setting<unknown> | OptionalGroup<Settings, string, string> | { readonly [key: string]: Node };

type ValuesOf<S extends Settings> = { [P in keyof S]: S[P] extends Setting<infer T> ? T : never };

/** Keys whose value may be undefined become optional: an optional group's values are written as literals in tests. */
type Optionalized<T> = { [P in keyof T as undefined extends T[P] ? never : P]: T[P] } & {
  [P in keyof T as undefined extends T[P] ? P : never]?: T[P];
};

export type ValueOf<N> =
  N extends Setting<infer T>
    ? T
    : N extends OptionalGroup<infer S, infer K, infer R>
      ? Optionalized<Omit<ValuesOf<S>, K | R> & { [P in K | R]: NonNullable<ValuesOf<S>[P]> }> | undefined
      : { [P in keyof N]: ValueOf<N[P]> };

export function optionalGroup<S extends Settings, K extends keyof S & string, R extends keyof S & string = never>(
  key: K,
  settings: S,
  required: { readonly [P in R]: string } = {} as { readonly [P in R]: string },
): OptionalGroup<S, K, R> {
  return { kind: 'optional-group', key, settings, required };
}

export function isOptionalGroup(node: unknown): node is OptionalGroup<Settings, string, string> {
  return typeof node === 'object' && node !== null && (node as { kind?: unknown }).kind === 'optional-group';
}

/** Every setting under `node` with the path of keys leading to it, in declaration order. */
export function* settingsOf(node: Node, path: string[] = []): Generator<[string[], Setting<unknown>]> {
  if (isSetting(node)) yield [path, node];
  else if (isOptionalGroup(node)) yield* settingsOf(node.settings, path);
  else for (const [key, child] of Object.entries(node)) yield* settingsOf(child, [...path, key]);
}

/** The values of `node` read from `env`, in its shape. */
export function readNode<N extends Node>(node: N, env: Env, warn: (line: string) => void): ValueOf<N> {
  if (isSetting(node)) return readSetting(node, env, warn) as ValueOf<N>;
  if (isOptionalGroup(node)) {
    const key = node.settings[node.key]!;
    if (readSetting(key, env) === undefined) return undefined as ValueOf<N>;
    const values = readNode(node.settings, env, warn) as Record<string, unknown>;
    for (const [name, hint] of Object.entries<string>(node.required)) {
      if (values[name] === undefined)
        throw new Error(`${node.settings[name]!.env} must be set with ${key.env} (${hint})`);
    }
    return values as ValueOf<N>;
  }
  const values: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node)) values[key] = readNode(child, env, warn);
  return values as ValueOf<N>;
}
