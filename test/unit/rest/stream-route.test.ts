import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GraphQLError, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import Koa from 'koa';
import type { GraphQLContext } from '../../../src/graphql/context';
import { compileOperations } from '../../../src/rest/operations';
import type { RestRoute } from '../../../src/rest/route';
import { createRestRouter } from '../../../src/rest/router';

// The REST layer's one streaming exception: a route whose operation is a
// subscription answers server-sent events, one per event, over real HTTP with
// real GraphQL execution (a small schema of its own: the route table's first
// streaming routes come with the integrations).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let finished = 0;

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'ok' } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      ticks: {
        type: new GraphQLNonNull(GraphQLInt),
        args: { count: { type: new GraphQLNonNull(GraphQLInt) }, failAt: { type: GraphQLInt } },
        subscribe: async function* (_root: unknown, args: { count: number; failAt?: number }) {
          try {
            for (let tick = 1; tick <= args.count; tick += 1) {
              await sleep(5);
              yield { ticks: tick };
            }
          } finally {
            finished += 1;
          }
        },
        resolve: (event: unknown, args: { failAt?: number }) => {
          const { ticks } = event as { ticks: number };
          if (ticks === args.failAt) throw new GraphQLError('tick failed', { extensions: { code: 'BAD_REQUEST' } });
          return ticks;
        },
      },
    },
  }),
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-stream-'));
fs.writeFileSync(
  path.join(dir, 'ticks.graphql'),
  'subscription Ticks($count: Int!, $failAt: Int) { ticks(count: $count, failAt: $failAt) }\n',
);
const route: RestRoute = {
  method: 'GET',
  path: '/v1/ticks',
  operation: 'Ticks',
  summary: 'Ticks',
  tag: 'Test',
  auth: 'none',
  unwrap: ['ticks'],
  errors: [400, 500],
  stream: 'sse',
};

let server: http.Server;
let base: string;
// What Koa reports through its 'error' event, which prints each one unless the app listens. A client leaving a
// stream ends its response early (ERR_STREAM_PREMATURE_CLOSE): expected, and not printed by the real app either
// (src/http/app.ts); any other error fails the test that caused it.
const appErrors: (Error & { code?: unknown })[] = [];
afterEach(() => {
  expect(appErrors.splice(0).filter((error) => error.code !== 'ERR_STREAM_PREMATURE_CLOSE')).toEqual([]);
});
beforeAll(async () => {
  const router = createRestRouter({
    schema,
    operations: compileOperations(schema, dir),
    suggestions: true,
    routes: [route],
    createContext: async () => ({}) as GraphQLContext,
    jsonBody: () => async (_ctx, next) => next(),
  });
  const app = new Koa();
  app.on('error', (error: Error) => void appErrors.push(error));
  app.use(router.routes());
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(url: string): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }),
        );
      })
      .on('error', reject);
  });
}

const events = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as unknown);

describe('streaming routes (server-sent events)', () => {
  test('each event of the subscription is one data block, then the stream ends', async () => {
    const response = await get(`${base}/v1/ticks?count=3`);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/event-stream; charset=utf-8');
    expect(events(response.body)).toEqual([1, 2, 3]);
  });

  test('bad variables are an ordinary error answer, before any event', async () => {
    const response = await get(`${base}/v1/ticks?count=many`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: ['count'] }] });
  });

  test('an error during the stream is its last event', async () => {
    const response = await get(`${base}/v1/ticks?count=5&failAt=2`);
    expect(events(response.body)).toEqual([1, { error: { code: 'BAD_REQUEST', message: 'tick failed', issues: [] } }]);
  });

  test('a client going away ends the subscription behind the stream', async () => {
    const before = finished;
    await new Promise<void>((resolve) => {
      const request = http.get(`${base}/v1/ticks?count=100000`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
    });
    for (let waited = 0; finished === before && waited < 100; waited += 1) await sleep(20);
    expect(finished).toBe(before + 1);
  });
});
