import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { buildSchema, validate } from 'graphql';
import { loadConfig } from '../../../src/config';
import { graphqlLimitRules } from '../../../src/http/graphql-limits';

// Every operation our REST layer runs must fit under the default limits, in production too.
const root = join(__dirname, '../../..');
const schema = buildSchema(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'));
const operationsDir = join(root, 'src/rest/operations');

describe('default GraphQL limits', () => {
  const limits = loadConfig({ NODE_ENV: 'production' }).graphqlLimits;

  it('has introspection off in production unless PARLEY_GRAPHQL_INTROSPECTION=true', () => {
    expect(limits.introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PARLEY_GRAPHQL_INTROSPECTION: 'true' }).graphqlLimits.introspection).toBe(true);
    expect(loadConfig({}).graphqlLimits.introspection).toBe(true);
  });

  it('refuses introspection when it is off', () => {
    const document = new MaxTokensParserWLexer('{ __schema { types { name } } }', { n: limits.maxTokens }).parseDocument();
    expect(validate(schema, document, graphqlLimitRules(limits)).map((error) => error.message)).toEqual([
      'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      'GraphQL introspection has been disabled, but the requested query contained the field "types".',
    ]);
    expect(validate(schema, document, graphqlLimitRules({ ...limits, introspection: true }))).toEqual([]);
  });

  const files = readdirSync(operationsDir).filter((name) => name.endsWith('.graphql'));
  it.each(files)('let every operation of %s through', (file) => {
    const text = readFileSync(join(operationsDir, file), 'utf8');
    const document = new MaxTokensParserWLexer(text, { n: limits.maxTokens }).parseDocument();
    expect(Buffer.byteLength(text)).toBeLessThan(limits.maxQueryBytes);
    expect(validate(schema, document, graphqlLimitRules(limits)).map((error) => error.message)).toEqual([]);
  });
});
