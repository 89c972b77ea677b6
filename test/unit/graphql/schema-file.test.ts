import fs from 'node:fs';
import path from 'node:path';
import { printSdl } from '../../../src/graphql/print';
import { schema } from '../../../src/graphql/schema';

const committedPath = path.resolve(__dirname, '../../../schema/schema.graphql');

/** The first line where the two texts differ, to point at what changed. */
function firstDifference(expected: string, actual: string): string {
  const expectedLines = expected.split('\n');
  const actualLines = actual.split('\n');
  for (let index = 0; index < Math.max(expectedLines.length, actualLines.length); index += 1) {
    if (expectedLines[index] !== actualLines[index]) {
      return `line ${index + 1}: committed ${JSON.stringify(expectedLines[index])}, schema prints ${JSON.stringify(actualLines[index])}`;
    }
  }
  return 'no line differs';
}

test('schema/schema.graphql is the SDL printed from the Pothos schema (not stale)', () => {
  const committed = fs.readFileSync(committedPath, 'utf8');
  const printed = printSdl(schema);
  if (printed !== committed) {
    throw new Error(
      'schema/schema.graphql is stale: run `npm run schema:print` and commit schema/schema.graphql.\n' +
        `First difference at ${firstDifference(committed, printed)}`,
    );
  }
  expect(printed).toBe(committed);
});

test('the committed SDL describes the fields the REST operations rely on', () => {
  // Guards against an empty or truncated file being "up to date" with a broken build.
  const committed = fs.readFileSync(committedPath, 'utf8');
  for (const definition of [
    'type Query {',
    'type Mutation {',
    'type Workspace {',
    'type Bot {',
    'enum TimeFilter {',
    'scalar DateTime',
  ]) {
    expect(committed).toContain(definition);
  }
});
