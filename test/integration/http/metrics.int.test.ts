import { group, publishDefinition, say, startChat, textInput, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// GET /metrics scraped over HTTP and read by a real Prometheus text-format parser.

interface Sample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}
interface Family {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Sample[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types
const parsePrometheus = require('parse-prometheus-text-format') as (text: string) => Family[];

const METRICS_TOKEN = 'metrics-secret-token';

function sameLabels(sample: Sample, labels: Record<string, string>): boolean {
  const given = sample.labels ?? {};
  return (
    Object.keys(given).length === Object.keys(labels).length &&
    Object.entries(labels).every(([key, value]) => given[key] === value)
  );
}

describe('/metrics, /health, /ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await server.close();
  });

  let lastText = '';
  async function scrape(): Promise<Map<string, Family>> {
    const response = await request(server.url, 'GET', '/metrics', { token: METRICS_TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    lastText = response.body as string;
    return new Map(parsePrometheus(lastText).map((family) => [family.name, family]));
  }

  test('without the metrics token: 401 with the error object', async () => {
    for (const token of [undefined, 'wrong']) {
      const response = await request(server.url, 'GET', '/metrics', { token });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Metrics need the PARLEY_METRICS_TOKEN bearer token', issues: [] },
      });
    }
  });

  test('requests are counted and timed by route pattern and status; process metrics are there', async () => {
    const before = await scrape();
    const countOf = (families: Map<string, Family>, labels: Record<string, string>) =>
      Number(families.get('parley_http_requests_total')?.metrics.find((m) => sameLabels(m, labels))?.value ?? 0);
    const labels = { method: 'GET', route: '/v1/workspaces/:workspaceId', status: '404' };
    const start = countOf(before, labels);
    for (const id of ['a', 'b', 'c'])
      expect((await request(server.url, 'GET', `/v1/workspaces/${id}`, { token: server.adminToken })).status).toBe(404);
    const after = await scrape();
    expect(countOf(after, labels)).toBe(start + 3);
    const duration = after.get('parley_http_request_duration_seconds')!;
    expect(duration.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but not its labels: its count line is read from the text.
    const count =
      /^parley_http_request_duration_seconds_count\{method="GET",route="\/v1\/workspaces\/:workspaceId",status="404"\} (\d+)$/m.exec(
        lastText,
      );
    expect(Number(count?.[1])).toBe(start + 3);
    for (const name of [
      'parley_process_cpu_seconds_total',
      'parley_process_resident_memory_bytes',
      'parley_nodejs_eventloop_lag_seconds',
    ]) {
      expect(after.has(name)).toBe(true);
    }
    for (const name of [
      'parley_chat_turns_total',
      'parley_chat_turn_duration_seconds',
      'parley_chat_effects_total',
      'parley_chat_claim_wait_seconds',
      'parley_chat_session_busy_total',
    ]) {
      expect(after.get(name)?.help).toBeTruthy();
    }
  });

  test('chat turns, their effects and claim waits move the chat metrics', async () => {
    const value = (families: Map<string, Family>, name: string, labels: Record<string, string>) =>
      Number(families.get(name)?.metrics.find((m) => sameLabels(m, labels))?.value ?? 0);
    const claimWaits = () => Number(/^parley_chat_claim_wait_seconds_count (\d+)$/m.exec(lastText)?.[1] ?? 0);
    const before = await scrape();
    const waitsBefore = claimWaits();
    // A reply whose turn sends an HTTP request the outbound guard refuses (no allow-list here).
    const { publicId } = await publishDefinition(
      server,
      v6Bot({
        groups: [
          group('g1', [
            textInput('ask'),
            { id: 'call', type: 'Webhook', options: { webhook: { method: 'GET', url: 'http://127.0.0.1:9/x' } } },
            textInput('end'),
          ]),
        ],
      }),
    );
    const started = await startChat(server, publicId);
    expect((await say(server, started.body.sessionId, 'hi')).status).toBe(200);
    expect((await say(server, 'no-such-session', 'hi')).status).toBe(400);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(delta('parley_chat_turns_total', { kind: 'start', outcome: 'ok' })).toBe(1);
    expect(delta('parley_chat_turns_total', { kind: 'continue', outcome: 'ok' })).toBe(1);
    expect(delta('parley_chat_effects_total', { type: 'httpRequest', outcome: 'refused' })).toBe(1);
    expect(claimWaits() - waitsBefore).toBe(1);
    expect(/^parley_chat_turn_duration_seconds_count\{kind="continue"\} \d+$/m.test(lastText)).toBe(true);
    // The turns' SQL statements are timed by kind.
    for (const statement of ['select', 'update'])
      expect(
        /^parley_db_statement_duration_seconds_count\{statement="(\w+)"\} (\d+)$/m.test(lastText) &&
          new RegExp(`^parley_db_statement_duration_seconds_count\\{statement="${statement}"\\} [1-9]`, 'm').test(
            lastText,
          ),
      ).toBe(true);
  });

  test('/health and /ready answer ok on a migrated, reachable database', async () => {
    expect((await request(server.url, 'GET', '/health')).body).toEqual({ status: 'ok' });
    const ready = await request(server.url, 'GET', '/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: 'ready' } });
  });

  test('/ready is 503 naming the migration the database lacks', async () => {
    const [row] = await server.db.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
    );
    await server.db.$executeRawUnsafe(
      `UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE migration_name = '${row!.migration_name}'`,
    );
    try {
      const ready = await request(server.url, 'GET', '/ready');
      expect({ status: ready.status, body: ready.body }).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: `migrations not applied: ${row!.migration_name}` },
      });
    } finally {
      await server.db.$executeRawUnsafe(
        `UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = '${row!.migration_name}'`,
      );
    }
  });
});
