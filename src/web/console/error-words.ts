import type { Issue } from './api/client';

// The API's error object ({code, message, issues}) in words a person reads:
// a service's own sentence is shown as it is; "Invalid input data" becomes
// one sentence per field, named as the form names it.

const INVALID_INPUT = 'Invalid input data';

/** `currentPassword` → "Current password". */
function fieldName(path: (string | number)[]): string {
  const last = [...path].reverse().find((part) => typeof part === 'string') as string | undefined;
  if (!last) return 'This value';
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A zod-style issue message as the end of a sentence about the field. */
function predicate(message: string): string {
  if (/received undefined$/.test(message) || /^Required$/i.test(message)) return 'is missing';
  const expected = /expected (\w+), received (\w+)/.exec(message);
  if (expected)
    return `should be ${expected[1] === 'string' ? 'text' : expected[1] === 'array' ? 'a list' : `a ${expected[1]}`}`;
  const text = message.replace(/^Invalid input: /, '').replace(/\.$/, '');
  // "a bot token as BotFather gives it": what the value should be, not a verb of its own.
  return /^an? /.test(text) ? `should be ${text}` : text;
}

/** The parts of a definition that make a file a bot: an issue there means the file is not one Parley can import. */
const STRUCTURE = new Set(['version', 'groups', 'edges', 'variables', 'events']);

/** The engine parser's words about a definition's start, as sentences about the file. */
const FILE_SENTENCES: Record<string, string> = {
  'the first event must be the start event':
    'It has no start event: in a version 6 bot the first of its events is the start event.',
  'only one start event is allowed': 'It has more than one start event.',
  'start blocks do not exist in version 6; use a start event':
    'It is a version 6 bot with a start block: version 6 bots start at a start event instead.',
  'a version 3 to 5 bot needs a start block': 'It has no start block: a version 3 to 5 bot starts at one.',
  'only one start block is allowed': 'It has more than one start block.',
};

function fileSentence(issue: Issue): string {
  const known = FILE_SENTENCES[issue.message];
  if (known) return known;
  // "unsupported version …", "duplicate group id …": what the file has.
  if (issue.message.startsWith('unsupported ')) return `It has an ${issue.message}.`;
  if (issue.message.startsWith('duplicate ')) return `It has a ${issue.message}.`;
  const unknownType = /^unknown block type (".*")/.exec(issue.message);
  if (unknownType) return `${blockPlace(issue.path ?? [])}is of a type Parley does not know: ${unknownType[1]}.`;
  return `${fieldName(issue.path ?? [])} ${predicate(issue.message)}.`;
}

/** ["bot", "groups", 0, "blocks", 1, "type"] → "Block 2 of group 1 ". */
function blockPlace(path: (string | number)[]): string {
  const group = path[path.indexOf('groups') + 1];
  const block = path[path.indexOf('blocks') + 1];
  return typeof group === 'number' && typeof block === 'number'
    ? `Block ${block + 1} of group ${group + 1} `
    : 'A block ';
}

const isMissing = (issue: Issue) => /received undefined$/.test(issue.message) || /^Required$/i.test(issue.message);

export function describeError(message: string, issues: Issue[]): { message: string; details: string[] } {
  // A file that is not a bot: say so first, then what is wrong with it.
  const fileIssues = issues.filter((issue) => issue.path?.[0] === 'bot' && STRUCTURE.has(String(issue.path[1])));
  if (fileIssues.length > 0) {
    const noGroups = fileIssues.some(
      (issue) => issue.path?.length === 2 && issue.path[1] === 'groups' && isMissing(issue),
    );
    return {
      message: noGroups
        ? 'This file is not a bot export: it has no groups'
        : 'This file is not a bot Parley can import',
      details: fileIssues
        .filter((issue) => !(noGroups && issue.path?.length === 2 && issue.path[1] === 'groups'))
        .map(fileSentence),
    };
  }
  if (message !== INVALID_INPUT) return { message, details: [] };
  // A bot's settings, theme or name: the field as its form names it, whatever object held it.
  const sentence = (issue: Issue) =>
    fieldSentence(issue) ?? `${fieldName(issue.path ?? [])} ${predicate(issue.message)}.`;
  return {
    message: issues.length === 1 ? sentence(issues[0]!) : 'Some values need attention:',
    details: issues.length === 1 ? [] : issues.map(sentence),
  };
}

/** An issue the generic "Field predicate." would garble: a whole sentence about a numbered entry. */
function fieldSentence(issue: Issue): string | undefined {
  const path = issue.path ?? [];
  const index = path[path.length - 1];
  if (path[path.length - 2] === 'allowedOrigins' && typeof index === 'number')
    return `Allowed origin ${index + 1} is not an origin. ${issue.message}.`;
  return undefined;
}
