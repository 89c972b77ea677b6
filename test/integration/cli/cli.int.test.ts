import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../../../src/cli/serve';
import { loadConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/client';
import { readMigrations } from '../../../src/db/migrate';
import { signIn } from '../../helpers/console-session';
import { request } from '../../helpers/http';
import { createThrowawayDatabase, type ThrowawayDatabase, onPostgres } from '../../helpers/test-database';
import { TEST_ENCRYPTION_KEY } from '../../helpers/test-server';

// The `parley` command line as a real subprocess (dist/src/main.js, built by
// `npm run build`) against a throw-away database, checked through a real server
// on the same database.

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
const mainJs = path.join(root, 'dist/src/main.js');
const TOKEN_LINE = /^[A-Za-z0-9_-]{43}$/;

interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
  /** The last non-empty stdout line. */
  lastLine: string;
}

/** A clean environment for a subprocess: no admin token or port leaking in from the caller. */
function cliEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PARLEY_ADMIN_TOKEN: _token, PARLEY_ADMIN_EMAIL: _email, PORT: _port, ...env } = process.env;
  return { ...env, DATABASE_URL: databaseUrl, PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...extra };
}

/**
 * Runs `node dist/src/main.js ...args` and waits for it without blocking the
 * event loop: the server under test runs in this process and must keep serving
 * (a blocked loop also lets its keep-alive timers fire late and reset sockets).
 */
function runCli(databaseUrl: string, args: string[], stdin?: string): Promise<CliRun> {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [mainJs, ...args],
      { cwd: root, env: cliEnv(databaseUrl), encoding: 'utf8', timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (error && typeof code !== 'number') return reject(error); // could not run at all (or killed by the timeout)
        const lines = stdout.split('\n').filter((line) => line.trim() !== '');
        resolve({ status: code as number, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
      },
    );
    // Only commands that read their input get any (the others keep the pipe open, as before).
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

/** Runs a command that must succeed; its output is shown when it does not. */
async function cliOk(databaseUrl: string, args: string[], stdin?: string): Promise<CliRun> {
  const run = await runCli(databaseUrl, args, stdin);
  expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
  return run;
}

describe('parley CLI against a server on the same database', () => {
  let database: ThrowawayDatabase;
  let server: RunningServer | undefined;
  let serverLog: string[];
  const adminToken = `cli-admin-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let workspaceId: string;
  let url: string;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await server?.close();
    await database.drop();
  });

  test('migrate on an empty database applies every migration, and again is a no-op', async () => {
    const first = await cliOk(database.url, ['migrate']);
    expect(first.stdout).toContain('Database is up to date.');
    await cliOk(database.url, ['migrate']);

    const opened = openDatabase(database.url);
    try {
      const applied = await opened.db.$queryRawUnsafe<{ migration_name: string }[]>(
        'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(applied.map((row) => row.migration_name)).toEqual(
        readMigrations(opened.provider).map((migration) => migration.name),
      );
      expect(await opened.db.user.count()).toBe(0);
      expect(await opened.db.workspace.count()).toBe(0);
    } finally {
      await opened.close();
    }
  });

  describe('with the server started', () => {
    beforeAll(async () => {
      serverLog = [];
      const config = loadConfig({
        DATABASE_URL: database.url,
        PORT: '0',
        PARLEY_ADMIN_TOKEN: adminToken,
        PARLEY_ADMIN_EMAIL: 'root@cli.test',
        NODE_ENV: 'production',
        PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        // Its request log would go to the test run's output (JSON: stdout is not a terminal).
        PARLEY_LOG_LEVEL: 'silent',
      });
      server = await startServer(config, (line) => serverLog.push(line));
      url = server.url;
      const workspaces = await request(url, 'GET', '/v1/workspaces', { token: adminToken });
      if (workspaces.status !== 200) throw new Error(`admin token does not work: ${JSON.stringify(workspaces.body)}`);
      workspaceId = workspaces.body.workspaces[0].id;
    });

    test('the server found the database migrated already (by the CLI)', () => {
      expect(serverLog.some((line) => line.startsWith('Applied migrations'))).toBe(false);
      expect(serverLog.some((line) => line.startsWith('Created admin user root@cli.test'))).toBe(true);
    });

    test('users set-password: the password from standard input signs in to the console; unknown users and short passwords are refused', async () => {
      const set = await cliOk(
        database.url,
        ['users', 'set-password', '--email', 'root@cli.test'],
        'a-new-console-password\n',
      );
      expect(set.lastLine).toBe('Password set for root@cli.test; their other console sessions were signed out.');
      const { response } = await signIn(url, 'root@cli.test', 'a-new-console-password');
      expect(response.body.data?.signIn.user).toEqual({ email: 'root@cli.test' });

      const unknown = await runCli(
        database.url,
        ['users', 'set-password', '--email', 'nobody@cli.test'],
        'a-new-console-password\n',
      );
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain('no user with e-mail nobody@cli.test');
      const short = await runCli(database.url, ['users', 'set-password', '--email', 'root@cli.test'], 'short\n');
      expect(short.status).toBe(1);
      expect(short.stderr).toContain('newPassword: must be at least 10 characters');
    });

    test('tokens create: the token alone on the last line; it works; the new user has a personal workspace', async () => {
      const run = await cliOk(database.url, ['tokens', 'create', '--email', 'new@x.io', '--name', 'N']);
      expect(run.lastLine).toMatch(TOKEN_LINE);
      const token = run.lastLine;

      const workspaces = await request(url, 'GET', '/v1/workspaces', { token });
      expect(workspaces.status).toBe(200);
      expect(workspaces.body.workspaces).toHaveLength(1);
      const personal = workspaces.body.workspaces[0];
      expect(personal).toEqual(expect.objectContaining({ plan: 'FREE', name: expect.any(String) }));
      expect(personal.id).not.toBe(workspaceId);
      const members = await request(url, 'GET', `/v1/workspaces/${personal.id}/members`, { token });
      expect(members.body.members).toEqual([
        { workspaceId: personal.id, user: expect.objectContaining({ email: 'new@x.io' }), role: 'ADMIN' },
      ]);

      // The token carries the given name.
      const tokens = await request(url, 'GET', '/v1/users/me/api-tokens', { token });
      expect(tokens.body.apiTokens).toEqual([expect.objectContaining({ name: 'N' })]);
    });

    test('tokens create for an existing user: another token, no second personal workspace', async () => {
      const run = await cliOk(database.url, ['tokens', 'create', '--email', 'new@x.io']);
      expect(run.lastLine).toMatch(TOKEN_LINE);
      const workspaces = await request(url, 'GET', '/v1/workspaces', { token: run.lastLine });
      expect(workspaces.status).toBe(200);
      expect(workspaces.body.workspaces).toHaveLength(1);
    });

    test('tokens create --workspace W --role MEMBER makes the user a MEMBER of W', async () => {
      const run = await cliOk(database.url, [
        'tokens',
        'create',
        '--email',
        'Mia@X.io',
        '--workspace',
        workspaceId,
        '--role',
        'MEMBER',
      ]);
      const token = run.lastLine;
      expect(token).toMatch(TOKEN_LINE);

      const members = await request(url, 'GET', `/v1/workspaces/${workspaceId}/members`, { token: adminToken });
      expect(members.body.members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ user: expect.objectContaining({ email: 'mia@x.io' }), role: 'MEMBER' }),
        ]),
      );
      // The token reaches W with a MEMBER's rights: reads yes, workspace updates no.
      expect((await request(url, 'GET', `/v1/workspaces/${workspaceId}`, { token })).status).toBe(200);
      const update = await request(url, 'PATCH', `/v1/workspaces/${workspaceId}`, {
        token,
        json: { name: 'Taken over' },
      });
      expect(update.status).toBe(403);

      // Running it again with another role changes the role.
      await cliOk(database.url, [
        'tokens',
        'create',
        '--email',
        'mia@x.io',
        '--workspace',
        workspaceId,
        '--role',
        'GUEST',
      ]);
      const after = await request(url, 'GET', `/v1/workspaces/${workspaceId}/members`, { token: adminToken });
      expect(
        after.body.members.filter((entry: { user: { email: string } }) => entry.user.email === 'mia@x.io'),
      ).toEqual([expect.objectContaining({ role: 'GUEST' })]);
    });

    test('tokens revoke ID: the token then gets 401, other tokens keep working', async () => {
      const keep = (await cliOk(database.url, ['tokens', 'create', '--email', 'revoker@x.io'])).lastLine;
      const created = await cliOk(database.url, ['tokens', 'create', '--email', 'revoker@x.io', '--name', 'to revoke']);
      const token = created.lastLine;
      expect((await request(url, 'GET', '/v1/workspaces', { token })).status).toBe(200);
      const listed = await request(url, 'GET', '/v1/users/me/api-tokens', { token });
      const tokenId = listed.body.apiTokens.find((entry: { name: string }) => entry.name === 'to revoke').id as string;
      expect(created.stdout).toContain(tokenId);

      const revoked = await cliOk(database.url, ['tokens', 'revoke', tokenId]);
      expect(revoked.stdout).toContain(tokenId);
      const after = await request(url, 'GET', '/v1/workspaces', { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual(expect.objectContaining({ code: 'UNAUTHORIZED' }));
      expect((await request(url, 'GET', '/v1/workspaces', { token: keep })).status).toBe(200);

      // Revoking it again, or an unknown id, fails.
      expect((await runCli(database.url, ['tokens', 'revoke', tokenId])).status).not.toBe(0);
      const unknown = await runCli(database.url, ['tokens', 'revoke', 'no-such-token']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('Not found');
    });

    test('invoices add: listed by GET /v1/billing/invoices with date in Unix seconds', async () => {
      const run = await cliOk(database.url, [
        'invoices',
        'add',
        '--workspace',
        workspaceId,
        '--amount',
        '3900',
        '--currency',
        'usd',
        '--url',
        'https://x/inv',
        '--date',
        '2026-01-15T10:00:00Z',
      ]);
      const invoiceId = run.lastLine;
      const invoices = await request(url, 'GET', `/v1/billing/invoices?workspaceId=${workspaceId}`, {
        token: adminToken,
      });
      expect(invoices.status).toBe(200);
      expect(invoices.body.invoices).toEqual([
        { id: invoiceId, url: 'https://x/inv', amount: 3900, currency: 'usd', date: 1768471200 },
      ]);
      expect(1768471200).toBe(Date.parse('2026-01-15T10:00:00Z') / 1000);
    });

    test('invoices add --date in Unix seconds; currency is stored lower-case', async () => {
      await cliOk(database.url, [
        'invoices',
        'add',
        '--workspace',
        workspaceId,
        '--amount',
        '1200',
        '--currency',
        'EUR',
        '--url',
        'https://x/inv2',
        '--date',
        '1770000000',
      ]);
      const invoices = await request(url, 'GET', `/v1/billing/invoices?workspaceId=${workspaceId}`, {
        token: adminToken,
      });
      expect(invoices.body.invoices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ amount: 1200, currency: 'eur', url: 'https://x/inv2', date: 1770000000 }),
        ]),
      );
    });

    test('workspaces update: plan, custom chats limit and suspension show through the API', async () => {
      await cliOk(database.url, [
        'workspaces',
        'update',
        workspaceId,
        '--plan',
        'PRO',
        '--custom-chats-limit',
        '500',
        '--suspended',
        'true',
      ]);
      const read = await request(url, 'GET', `/v1/workspaces/${workspaceId}`, { token: adminToken });
      expect(read.status).toBe(200);
      expect(read.body.workspace).toEqual(
        expect.objectContaining({ customChatsLimit: 500, isSuspended: true, customSeatsLimit: null, isPastDue: false }),
      );
      const list = await request(url, 'GET', '/v1/workspaces', { token: adminToken });
      expect(list.body.workspaces.find((entry: { id: string }) => entry.id === workspaceId)).toEqual(
        expect.objectContaining({ plan: 'PRO' }),
      );

      await cliOk(database.url, [
        'workspaces',
        'update',
        workspaceId,
        '--custom-chats-limit',
        'none',
        '--suspended',
        'false',
        '--verified',
        'true',
        '--payment-provider-id',
        'cus_123',
      ]);
      const cleared = await request(url, 'GET', `/v1/workspaces/${workspaceId}`, { token: adminToken });
      expect(cleared.body.workspace).toEqual(
        expect.objectContaining({
          customChatsLimit: null,
          isSuspended: false,
          isVerified: true,
          paymentProviderId: 'cus_123',
        }),
      );
    });

    // Refused before the database is opened: whatever its engine, so once, on SQLite.
    (onPostgres ? test.skip : test)('bad flags exit 2 with a message (not a stack trace)', async () => {
      const cases: [string, string[], RegExp][] = [
        ['an unknown command', ['frobnicate'], /Usage/],
        ['tokens without an action', ['tokens'], /tokens create/],
        ['tokens create without --email', ['tokens', 'create', '--name', 'N'], /--email is required/],
        [
          '--role without --workspace',
          ['tokens', 'create', '--email', 'a@x.io', '--role', 'ADMIN'],
          /--role needs --workspace/,
        ],
        [
          'an unknown role',
          ['tokens', 'create', '--email', 'a@x.io', '--workspace', 'W', '--role', 'OWNER'],
          /--role must be one of ADMIN, MEMBER, GUEST/,
        ],
        ['an unknown option', ['tokens', 'create', '--email', 'a@x.io', '--bogus'], /--bogus/],
        ['an option without its value', ['tokens', 'create', '--email'], /--email/],
        ['tokens revoke without an id', ['tokens', 'revoke'], /token id/],
        [
          'invoices add with a missing flag',
          ['invoices', 'add', '--workspace', 'W', '--currency', 'usd'],
          /--amount is required/,
        ],
        [
          'a non-integer amount',
          [
            'invoices',
            'add',
            '--workspace',
            'W',
            '--amount',
            '39.00',
            '--currency',
            'usd',
            '--url',
            'https://x',
            '--date',
            '1770000000',
          ],
          /--amount must be an integer/,
        ],
        [
          'an unreadable date',
          [
            'invoices',
            'add',
            '--workspace',
            'W',
            '--amount',
            '1',
            '--currency',
            'usd',
            '--url',
            'https://x',
            '--date',
            'someday',
          ],
          /--date must be/,
        ],
        ['an unknown plan', ['workspaces', 'update', 'W', '--plan', 'GOLD'], /--plan must be one of/],
        [
          'a non-boolean flag',
          ['workspaces', 'update', 'W', '--suspended', 'maybe'],
          /--suspended must be true or false/,
        ],
        [
          'a non-integer limit',
          ['workspaces', 'update', 'W', '--custom-chats-limit', 'lots'],
          /--custom-chats-limit must be an integer/,
        ],
        ['workspaces update with nothing to change', ['workspaces', 'update', 'W'], /workspaces update/],
      ];
      // They fail before opening the database, so they may run side by side.
      const runs = await Promise.all(cases.map(([, args]) => runCli(database.url, args)));
      const outcomes = runs.map((run, index) => ({
        case: cases[index]![0],
        status: run.status,
        message: cases[index]![2].test(run.stderr) ? 'as expected' : run.stderr,
        stackTrace: /^\s+at /m.test(run.stderr),
      }));
      expect(outcomes).toEqual(
        cases.map(([label]) => ({ case: label, status: 2, message: 'as expected', stackTrace: false })),
      );
    });

    test('bad flags change nothing', async () => {
      const before = await request(url, 'GET', `/v1/workspaces/${workspaceId}`, { token: adminToken });
      expect(
        (await runCli(database.url, ['workspaces', 'update', workspaceId, '--plan', 'GOLD', '--suspended', 'true']))
          .status,
      ).toBe(2);
      const after = await request(url, 'GET', `/v1/workspaces/${workspaceId}`, { token: adminToken });
      expect(after.body).toEqual(before.body);
    });

    test('an unknown workspace: non-zero exit with "Not found", nothing created', async () => {
      const update = await runCli(database.url, ['workspaces', 'update', 'no-such-workspace', '--plan', 'PRO']);
      expect(update.status).toBe(1);
      expect(update.stderr).toContain('Not found');

      const invoice = await runCli(database.url, [
        'invoices',
        'add',
        '--workspace',
        'no-such-workspace',
        '--amount',
        '100',
        '--currency',
        'usd',
        '--url',
        'https://x/y',
        '--date',
        '1770000000',
      ]);
      expect(invoice.status).toBe(1);
      expect(invoice.stderr).toContain('Not found');

      const token = await runCli(database.url, [
        'tokens',
        'create',
        '--email',
        'ghost@x.io',
        '--workspace',
        'no-such-workspace',
        '--role',
        'MEMBER',
      ]);
      expect(token.status).toBe(1);
      expect(token.stderr).toContain('Not found');
      expect(token.stderr).not.toMatch(/^\s+at /m);
      expect(token.stdout).not.toMatch(TOKEN_LINE);
      // The failed command left no user behind.
      const opened = openDatabase(database.url);
      try {
        expect(await opened.db.user.count({ where: { email: 'ghost@x.io' } })).toBe(0);
      } finally {
        await opened.close();
      }
    });

    test('invalid input values are refused with a message naming the field', async () => {
      const email = await runCli(database.url, ['tokens', 'create', '--email', 'not-an-email']);
      expect(email.status).not.toBe(0);
      expect(email.stderr).toContain('email');
      const currency = await runCli(database.url, [
        'invoices',
        'add',
        '--workspace',
        workspaceId,
        '--amount',
        '100',
        '--currency',
        'dollars',
        '--url',
        'https://x/y',
        '--date',
        '1770000000',
      ]);
      expect(currency.status).not.toBe(0);
      expect(currency.stderr).toContain('currency');
    });
  });
});

describe('parley serve: first-start bootstrap with PARLEY_ADMIN_TOKEN', () => {
  let database: ThrowawayDatabase;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  });

  /** Starts `parley serve` on a free port; resolves once it listens. */
  async function serve(
    adminToken: string,
  ): Promise<{ url: string; output: () => string; stop: () => Promise<number | null> }> {
    const child = spawn(process.execPath, [mainJs, 'serve'], {
      cwd: root,
      env: cliEnv(database.url, {
        PORT: '0',
        PARLEY_ADMIN_TOKEN: adminToken,
        PARLEY_ADMIN_EMAIL: 'boot@cli.test',
        NODE_ENV: 'production',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      exited.then((code) => reject(new Error(`parley serve exited with ${code} before listening:\n${output}`)));
    });
    return {
      url,
      output: () => output,
      stop: async () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  }

  test('the first start makes PARLEY_ADMIN_TOKEN the admin token; a second start creates no other admin', async () => {
    const firstToken = `boot-first-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const first = await serve(firstToken);
    expect(first.output()).toContain('Created admin user boot@cli.test');
    expect(first.output()).not.toContain(firstToken); // the preset token is never printed
    // The console's sign-in is printed once, with a generated password that works.
    const consoleLine =
      /Console: sign in at (http:\/\/\S+) as boot@cli\.test with password \(shown once, change it in the console\): (\S+)/;
    for (const started = Date.now(); !consoleLine.test(first.output()) && Date.now() - started < 5000;)
      await new Promise((r) => setTimeout(r, 20));
    const printed = consoleLine.exec(first.output());
    expect(printed?.[1]).toBe(`${first.url}/app`);
    expect((await signIn(first.url, 'boot@cli.test', printed![2]!)).response.body.data?.signIn.user).toEqual({
      email: 'boot@cli.test',
    });
    const workspaces = await request(first.url, 'GET', '/v1/workspaces', { token: firstToken });
    expect(workspaces.status).toBe(200);
    expect(workspaces.body.workspaces).toHaveLength(1);
    const members = await request(first.url, 'GET', `/v1/workspaces/${workspaces.body.workspaces[0].id}/members`, {
      token: firstToken,
    });
    expect(members.body.members).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ email: 'boot@cli.test' }), role: 'ADMIN' }),
    ]);
    expect(await first.stop()).toBe(0);

    const secondToken = `boot-second-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const second = await serve(secondToken);
    try {
      expect(second.output()).not.toContain('Created admin user');
      expect((await request(second.url, 'GET', '/v1/workspaces', { token: secondToken })).status).toBe(401);
      const again = await request(second.url, 'GET', '/v1/workspaces', { token: firstToken });
      expect(again.status).toBe(200);
      expect(again.body.workspaces).toEqual(workspaces.body.workspaces);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    const opened = openDatabase(database.url);
    try {
      expect(await opened.db.user.count()).toBe(1);
      expect(await opened.db.workspace.count()).toBe(1);
      expect(await opened.db.apiToken.count()).toBe(1);
    } finally {
      await opened.close();
    }
  });
});
