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
  return message.replace(/^Invalid input: /, '').replace(/\.$/, '');
}

export function describeError(message: string, issues: Issue[]): { message: string; details: string[] } {
  // A file that is not a bot: say so first, then what is missing.
  if (issues.some((issue) => issue.path?.[0] === 'bot')) {
    const noGroups = issues.some((issue) => issue.path?.[0] === 'bot' && issue.path[1] === 'groups');
    return {
      message: noGroups
        ? 'This file is not a bot export: it has no groups'
        : 'This file is not a bot export Parley can read',
      details: issues
        .filter((issue) => !(noGroups && issue.path?.[1] === 'groups'))
        .map((issue) => `${fieldName(issue.path ?? [])} ${predicate(issue.message)}.`),
    };
  }
  if (message !== INVALID_INPUT) return { message, details: [] };
  return {
    message:
      issues.length === 1
        ? `${fieldName(issues[0]!.path ?? [])} ${predicate(issues[0]!.message)}.`
        : 'Some values need attention:',
    details:
      issues.length === 1 ? [] : issues.map((issue) => `${fieldName(issue.path ?? [])} ${predicate(issue.message)}.`),
  };
}
