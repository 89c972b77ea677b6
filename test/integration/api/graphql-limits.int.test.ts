import { graphql } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Each /graphql limit refuses an operation before execution, with code BAD_REQUEST and a message naming it.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const aliases = (count: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: workspaces { id }`).join(' ')} }`;

async function refusal(query: string) {
  const response = await graphql(server.url, query, {}, server.adminToken);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_REQUEST' });
  return response.body.errors![0]!.message;
}

describe('/graphql limits', () => {
  it('runs an ordinary query', async () => {
    const response = await graphql(server.url, '{ workspaces { id } }', {}, server.adminToken);
    expect(response.body).toEqual({ data: { workspaces: [{ id: server.adminWorkspaceId }] } });
  });

  it('refuses too many aliases', async () => {
    expect(await refusal(aliases(31))).toBe('Syntax Error: Aliases limit of 30 exceeded, found 31.');
  });

  it('refuses too deep a query', async () => {
    const deep = `{ workspaces { ${'a: workspaces { '.repeat(12)} id ${'} '.repeat(12)} } }`;
    expect(await refusal(deep)).toMatch(/^Syntax Error: Query depth limit of 12 exceeded, found \d+\.$/);
  });

  it('refuses too many directives', async () => {
    expect(await refusal(`{ workspaces { id ${'@include(if: true) '.repeat(21)} } }`)).toBe(
      'Syntax Error: Directives limit of 20 exceeded, found 21.',
    );
  });

  it('refuses too many tokens', async () => {
    expect(await refusal(`{ workspaces { ${'id '.repeat(2000)} } }`)).toBe(
      'Syntax Error: Token limit of 2000 exceeded.',
    );
  });

  it('refuses too costly a query', async () => {
    const wide = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: workspaces { id name plan createdAt customChatsLimit customSeatsLimit members { role user { id name email image } } }`).join(' ')} }`;
    expect(await refusal(wide)).toBe('Syntax Error: Query Cost limit of 1000 exceeded, found 1027.5.');
  });

  it('bounds the query text apart from the variables', async () => {
    const long = `{ workspaces { id } } ${'#'.repeat(100 * 1024)}`;
    expect(await refusal(long)).toBe('Query text exceeds the limit of 102400 bytes');
    const bigVariable = 'x'.repeat(200 * 1024);
    // Executed: the resolver itself answers (no such workspace).
    const response = await graphql(
      server.url,
      'query ($v: ID) { usage(workspaceId: $v) { totalChatsUsed } }',
      { v: bigVariable },
      server.adminToken,
    );
    expect(response.body.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);
  });
});

describe('validation suggestions', () => {
  const typo = '{ workspacez { id } }';
  it('outside production, a typo gets "Did you mean"', async () => {
    const response = await graphql(server.url, typo, {}, server.adminToken);
    expect(response.body.errors?.[0]?.message).toBe(
      'Cannot query field "workspacez" on type "Query". Did you mean "workspace" or "workspaces"?',
    );
  });

  it('in production, the error does not spell out the schema', async () => {
    const production = await startTestServer({ productionGraphql: true });
    try {
      const response = await graphql(production.url, typo, {}, production.adminToken);
      expect(response.body.errors?.[0]).toMatchObject({
        message: 'Cannot query field "workspacez" on type "Query".',
        extensions: { code: 'BAD_REQUEST' },
      });
      const anonymous = await graphql(production.url, '{ startChatt }');
      expect(anonymous.body.errors?.[0]?.message).toBe('Cannot query field "startChatt" on type "Query".');
    } finally {
      await production.close();
    }
  });
});
