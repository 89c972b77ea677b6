// Importing a Typebot instance (prints figures; not a test).
//   npm run bench:import
//   BENCH_IMPORT_RESULTS=20000 npm run bench:import     (a quick run)
// Builds a Typebot database (Typebot's schema, on PARLEY_BENCH_POSTGRES_URL,
// else PARLEY_TEST_POSTGRES_URL, else the local server) holding BENCH_IMPORT_BOTS
// bots (default 100: the fixture bots in turn, published, in one workspace per
// 25 bots) and BENCH_IMPORT_RESULTS results (default 1,000,000, spread evenly,
// BENCH_IMPORT_ANSWERS AnswerV2 rows each, default 3, plus an old-table Answer
// on every second result and a Log on every tenth), then runs the real command,
// `node dist/src/main.js import typebot --database … --encryption-secret …`, as
// a child process into a new SQLite file and into a new PostgreSQL database
// (each migrated by the command), and again into each (nothing new: the cost
// of a re-run). For each run: wall time (spawn to exit), results/s, the
// child's peak resident memory (VmRSS read from /proc every 100 ms, the
// highest kept; VmHWM as read at the last poll), then the rows in Parley.
// PARLEY_BENCH_NODE_ARGS gives the child node flags (e.g. `--cpu-prof
// --cpu-prof-dir=/tmp/prof`). Every database and file made is removed, also
// after a failure or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DEFAULT_POSTGRES } from './serve-process';
import { withDatabaseName } from '../test/helpers/test-database';
import { createTypebotSource, TYPEBOT_SECRET } from '../test/helpers/typebot-source';
import { seedTypebotInstance, type InstanceCounts } from './typebot-instance';

const RESULTS = Number(process.env.BENCH_IMPORT_RESULTS ?? 1_000_000);
const BOTS = Number(process.env.BENCH_IMPORT_BOTS ?? 100);
const ANSWERS = Number(process.env.BENCH_IMPORT_ANSWERS ?? 3);
const ADMIN_URL = process.env.PARLEY_BENCH_POSTGRES_URL || process.env.PARLEY_TEST_POSTGRES_URL || DEFAULT_POSTGRES;
const root = path.resolve(__dirname, '../..');
const mainJs = path.join(root, 'dist/src/main.js');

/** Undone in reverse order at the end, whatever happened. */
const cleanups: (() => Promise<void>)[] = [];
let running: ChildProcess | undefined;

let cleaning: Promise<void> | undefined;

/** Once, however many ways the bench ends at the same time (a failure, a signal, a closed pipe). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    running?.kill('SIGKILL');
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`clean-up failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

const number = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Run {
  seconds: number;
  peakRss: number;
  hwm: number;
  output: string;
}

function statusField(status: string, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
}

/** One `parley import typebot` into `databaseUrl`, timed and sampled; rejects with its output when it fails. */
function runImport(sourceUrl: string, databaseUrl: string): Promise<Run> {
  const nodeArgs = (process.env.PARLEY_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const {
    TYPEBOT_DATABASE_URL: _url,
    TYPEBOT_ENCRYPTION_SECRET: _secret,
    DATABASE_URL: _platformUrl,
    ...env
  } = process.env;
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, mainJs, 'import', 'typebot', '--database', sourceUrl, '--encryption-secret', TYPEBOT_SECRET],
    {
      cwd: root,
      env: {
        ...env,
        PARLEY_DATABASE_URL: databaseUrl,
        PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        PARLEY_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running = child;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peakRss = 0;
  let hwm = 0;
  const poll = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakRss = Math.max(peakRss, statusField(status, 'VmRSS'));
      hwm = statusField(status, 'VmHWM') || hwm;
    } catch {
      // Gone already.
    }
  };
  poll();
  const sampler = setInterval(poll, 100);
  return new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const seconds = (performance.now() - began) / 1000;
      clearInterval(sampler);
      running = undefined;
      if (code === 0) resolve({ seconds, peakRss, hwm, output });
      else
        reject(new Error(`parley import typebot exited ${code ?? signal} after ${seconds.toFixed(1)} s:\n${output}`));
    });
  });
}

interface Target {
  label: string;
  url: string;
  /** Results and answers in Parley, and the database's size on disk. */
  counts(): Promise<{ results: number; answers: number; bytes: number }>;
}

function sqliteTarget(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'parley.db');
  return {
    label: 'SQLite',
    url: `file:${file}`,
    async counts() {
      const db = new Database(file, { readonly: true });
      try {
        const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
        const bytes = fs
          .readdirSync(dir)
          .filter((name) => name.startsWith('parley.db'))
          .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
        return { results: count('Result'), answers: count('Answer'), bytes };
      } finally {
        db.close();
      }
    },
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `parley_bench_import_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  cleanups.push(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}));
  const url = withDatabaseName(ADMIN_URL, name);
  return {
    label: 'PostgreSQL',
    url,
    async counts() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ results: string; answers: string; bytes: string }>(
          `SELECT (SELECT count(*) FROM "Result") AS results, (SELECT count(*) FROM "Answer") AS answers,
                  pg_database_size(current_database()) AS bytes`,
        );
        return { results: Number(rows[0]!.results), answers: Number(rows[0]!.answers), bytes: Number(rows[0]!.bytes) };
      } finally {
        await client.end();
      }
    },
  };
}

/** The child's own report: its per-kind lines and summary, indented. */
function printOutput(output: string): void {
  for (const line of output.trimEnd().split('\n')) if (line.trim()) console.log(`    | ${line}`);
}

interface Row {
  label: string;
  run: string;
  figures: Run;
}

async function main(): Promise<void> {
  console.log(
    `parley import typebot: a Typebot instance of ${number(BOTS)} bots and ${number(RESULTS)} results ` +
      `(${ANSWERS} AnswerV2 rows each, an old Answer on every second, a Log on every tenth), imported by the real ` +
      `command (a child process) into a new SQLite file and a new PostgreSQL database, then again (nothing new).\n` +
      `Per run: wall time (spawn to exit), results/s, the child's peak RSS (VmRSS every 100 ms; VmHWM at the last ` +
      `poll); then the rows in Parley.\nTwo shared cores: compare runs of the same hour only.\n`,
  );
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: npm run build`);

  const seeding = performance.now();
  const source = await createTypebotSource({ adminUrl: ADMIN_URL });
  cleanups.push(source.drop);
  const expected: InstanceCounts = await seedTypebotInstance(
    source.pool,
    { bots: BOTS, results: RESULTS, answersPerResult: ANSWERS },
    console.log,
  );
  const sourceBytes = Number(
    (await source.pool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n,
  );
  console.log(
    `Typebot instance seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${expected.users} users, ` +
      `${expected.workspaces} workspaces, ${expected.bots} bots, ${number(expected.results)} results, ` +
      `${number(expected.answers)} answers (Answer + AnswerV2), ${number(expected.logs)} logs; ${mb(sourceBytes)}\n`,
  );

  const rows: Row[] = [];
  for (const make of [async () => sqliteTarget(), postgresTarget]) {
    const target = await make();
    for (const run of ['first', 'second']) {
      console.log(`${target.label}, ${run} run:`);
      const figures = await runImport(source.url, target.url);
      printOutput(figures.output);
      const here = await target.counts();
      const complete = here.results === expected.results && here.answers === expected.answers;
      console.log(
        `  ${figures.seconds.toFixed(1)} s, ${number(expected.results / figures.seconds)} results/s, peak RSS ` +
          `${mb(figures.peakRss)} (VmHWM ${mb(figures.hwm)}); in Parley: ${number(here.results)} results, ` +
          `${number(here.answers)} answers${complete ? ' (all)' : ` (EXPECTED ${number(expected.results)} and ${number(expected.answers)})`}, ` +
          `database ${mb(here.bytes)}\n`,
      );
      rows.push({ label: target.label, run, figures });
    }
  }

  console.log('| target | run | wall | results/s | peak RSS (VmRSS) | VmHWM |');
  console.log('|---|---|--:|--:|--:|--:|');
  for (const row of rows)
    console.log(
      `| ${row.label} | ${row.run} | ${row.figures.seconds.toFixed(1)} s | ${number(expected.results / row.figures.seconds)} | ` +
        `${mb(row.figures.peakRss)} | ${mb(row.figures.hwm)} |`,
    );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
// Output piped into a reader that stopped (`| head`): clean up rather than die on EPIPE.
process.stdout.on('error', () => void cleanUp().finally(() => process.exit(1)));

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
