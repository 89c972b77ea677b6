import { describeError } from '../../../src/web/console/error-words';

// The console's reading of the API's error object: sentences, never ids or paths.

const INVALID = 'Invalid input data';

test('a file with groups but no start event is not called a file without groups', () => {
  const described = describeError(INVALID, [
    { message: 'the first event must be the start event', path: ['bot', 'events'] },
  ]);
  expect(described).toEqual({
    message: 'This file is not a bot Parley can import',
    details: ['It has no start event: in a version 6 bot the first of its events is the start event.'],
  });
});

test('a JSON file without groups says so first', () => {
  const described = describeError(INVALID, [
    { message: 'Invalid input: expected array, received undefined', path: ['bot', 'groups'] },
  ]);
  expect(described).toEqual({ message: 'This file is not a bot export: it has no groups', details: [] });
});

test("a settings save refused for an allowed origin names the entry, not 'a file'", () => {
  const described = describeError(INVALID, [
    {
      message: 'An origin is a scheme and host such as https://example.com, without a path',
      path: ['bot', 'settings', 'security', 'allowedOrigins', 1],
    },
  ]);
  expect(described).toEqual({
    message:
      'Allowed origin 2 is not an origin. An origin is a scheme and host such as https://example.com, without a path.',
    details: [],
  });
});

test('a field whose rule says what it should be reads as one sentence, not the label run into it', () => {
  const described = describeError(INVALID, [
    { message: 'a bot token as BotFather gives it (123456:ABC…)', path: ['data', 'botToken'] },
  ]);
  expect(described.message).toBe('Bot token should be a bot token as BotFather gives it (123456:ABC…).');
});
