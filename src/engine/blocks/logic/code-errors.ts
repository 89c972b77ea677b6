// How the reference describes an error thrown by bot-author code
// (`packages/lib/src/parseUnknownError.ts`): an Error is "[<its cause>] <its
// message>", the cause being absent in practice ("[undefined] ..."), and the
// message V8's wording; a thrown string is itself. QuickJS words some messages
// its own way: the common ones are put in V8's words.

const V8_WORDING: [RegExp, (...groups: string[]) => string][] = [
  [/^'(.+)' is not defined$/, (name) => `${name} is not defined`],
  [
    /^cannot read property '(.*)' of (undefined|null)$/,
    (key, value) => `Cannot read properties of ${value} (reading '${key}')`,
  ],
  [
    /^cannot set property '(.*)' of (undefined|null)$/,
    (key, value) => `Cannot set properties of ${value} (setting '${key}')`,
  ],
  [/^'(.+)' is read-only$/, () => 'Assignment to constant variable.'],
  [/^empty array$/, () => 'Reduce of empty array with no initial value'],
];

/** The sandbox's error text ("TypeError: message", or a thrown value's text) as the reference's log description. */
export function describeCodeError(text: string): string {
  const thrown = /^((?:[A-Z]\w*)?Error): ([\s\S]*)$/.exec(text);
  if (!thrown) return text;
  const message = thrown[2]!;
  for (const [pattern, reword] of V8_WORDING) {
    const match = pattern.exec(message);
    if (match) return `[undefined] ${reword(...match.slice(1))}`;
  }
  return `[undefined] ${message}`;
}
