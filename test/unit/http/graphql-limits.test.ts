import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { buildSchema, validate } from 'graphql';
import { loadConfig } from '../../../src/config';
import { graphqlLimitRules } from '../../../src/http/graphql-limits';
import { pagedCostRule } from '../../../src/http/paged-cost';

// Every operation our REST layer, the assistants' tools (MCP) and the console run must fit under the default
// limits, in production too.
const root = join(__dirname, '../../..');
const schema = buildSchema(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'));
const operationDirs = [
  join(root, 'src/rest/operations'),
  join(root, 'src/mcp/operations'),
  join(root, 'src/web/console/api'),
];

describe('default GraphQL limits', () => {
  const limits = loadConfig({ NODE_ENV: 'production' }).graphql.limits;

  it('has introspection off in production unless PARLEY_GRAPHQL_INTROSPECTION=true', () => {
    expect(limits.introspection).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PARLEY_GRAPHQL_INTROSPECTION: 'true' }).graphql.limits.introspection,
    ).toBe(true);
    expect(loadConfig({}).graphql.limits.introspection).toBe(true);
  });

  it('refuses introspection when it is off', () => {
    const document = new MaxTokensParserWLexer('{ __schema { types { name } } }', {
      n: limits.maxTokens,
    }).parseDocument();
    expect(validate(schema, document, graphqlLimitRules(limits)).map((error) => error.message)).toEqual([
      'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      'GraphQL introspection has been disabled, but the requested query contained the field "types".',
    ]);
    expect(validate(schema, document, graphqlLimitRules({ ...limits, introspection: true }))).toEqual([]);
  });

  const files = operationDirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.graphql'))
      .map((name) => join(dir, name)),
  );
  it.each(files)('let every operation of %s through', (file) => {
    const text = readFileSync(file, 'utf8');
    const document = new MaxTokensParserWLexer(text, { n: limits.maxTokens }).parseDocument();
    expect(Buffer.byteLength(text)).toBeLessThan(limits.maxQueryBytes);
    expect(validate(schema, document, graphqlLimitRules(limits)).map((error) => error.message)).toEqual([]);
  });
});

describe('cost weighted by page sizes', () => {
  const limits = loadConfig({}).graphql.limits;
  // The rule alone: graphql-armor's own cost limit (depth-weighted) would refuse these deep queries first.
  const errors = (query: string) =>
    validate(schema, new MaxTokensParserWLexer(query, { n: limits.maxTokens }).parseDocument(), [
      pagedCostRule(limits.maxPagedCost),
    ]).map((error) => error.message);
  const transcripts = (first: string) =>
    `query($b: ID!) { bot(botId: $b) { results(first: ${first}) { edges { node { id transcript { text } } } } } }`;

  it('counts a selection once per item of the page it reads', () => {
    expect(errors(transcripts('40'))).toEqual([]);
    expect(errors(transcripts('100'))).toEqual(['Query cost weighted by page sizes is 5501, over the limit of 5000']);
  });

  it('counts a page size given by a variable at its maximum', () => {
    expect(
      errors(
        `query($b: ID!, $n: Int) { bot(botId: $b) { results(first: $n) { edges { node { id transcript { text } } } } } }`,
      ),
    ).toEqual(['Query cost weighted by page sizes is 5501, over the limit of 5000']);
  });
});
