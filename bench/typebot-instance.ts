// A Typebot instance to import, for bench/import.ts: Typebot's schema
// (test/fixtures/typebot/schema.sql) in a new PostgreSQL database
// (createTypebotSource), filled by the importer tests' own helpers
// (test/helpers/typebot-source.ts).
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import {
  insertCredentials,
  insertMember,
  insertTypebot,
  insertUser,
  insertWorkspace,
} from '../test/helpers/typebot-rows';
import { seedBulkResults } from '../test/helpers/typebot-results';

const root = path.resolve(__dirname, '../..');

export interface InstanceCounts {
  users: number;
  workspaces: number;
  bots: number;
  results: number;
  /** Answer + AnswerV2 rows: Parley keeps both as Answer rows. */
  answers: number;
  logs: number;
}

/**
 * `bots` bots (test/fixtures/bots/*.json in turn, each published, with a
 * public id) in one workspace per 25 bots, an owner who is admin of every
 * workspace and a member in each, one OpenAI credentials row per workspace
 * (encrypted with the tests' Typebot secret); then `results` results spread
 * evenly over the bots by seedBulkResults (`answersPerResult` AnswerV2 rows
 * each, an old-table Answer on every second, a Log on every tenth). The
 * tables are vacuumed and analysed afterwards, as a live instance's are.
 */
export async function seedTypebotInstance(
  pool: pg.Pool,
  options: { bots: number; results: number; answersPerResult: number },
  progress: (line: string) => void = () => undefined,
): Promise<InstanceCounts> {
  const folder = path.join(root, 'test/fixtures/bots');
  const fixtures = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>);
  const began = Date.UTC(2025, 0, 1);
  const owner = await insertUser(pool, { email: 'owner@bench.example', name: 'Owner', createdAt: new Date(began) });
  const workspaces: string[] = [];
  for (let w = 0; w < Math.max(1, Math.ceil(options.bots / 25)); w++) {
    const createdAt = new Date(began + (w + 1) * 3_600_000);
    const workspace = await insertWorkspace(pool, { name: `Bench workspace ${w + 1}`, plan: 'PRO', createdAt });
    const member = await insertUser(pool, {
      email: `member${w + 1}@bench.example`,
      name: `Member ${w + 1}`,
      createdAt,
    });
    await insertMember(pool, { userId: owner, workspaceId: workspace, role: 'ADMIN', createdAt });
    await insertMember(pool, { userId: member, workspaceId: workspace, role: 'MEMBER', createdAt });
    await insertCredentials(pool, {
      workspaceId: workspace,
      type: 'openai',
      name: 'OpenAI',
      data: { apiKey: `sk-bench-${w + 1}` },
      createdAt,
    });
    workspaces.push(workspace);
  }
  const bots: string[] = [];
  for (let i = 0; i < options.bots; i++) {
    const bot = fixtures[i % fixtures.length]!;
    bots.push(
      await insertTypebot(pool, {
        workspaceId: workspaces[i % workspaces.length]!,
        bot,
        name: `${typeof bot.name === 'string' ? bot.name : 'Bot'} #${i + 1}`,
        publicId: `bench-bot-${i + 1}`,
        published: true,
        createdAt: new Date(began + 86_400_000 + i * 60_000),
      }),
    );
  }
  let seeded = 0;
  let reported = 0;
  for (let i = 0; i < bots.length; i++) {
    const count = Math.floor(options.results / bots.length) + (i < options.results % bots.length ? 1 : 0);
    if (count > 0)
      await seedBulkResults(pool, { typebotId: bots[i]!, count, answersPerResult: options.answersPerResult });
    seeded += count;
    if (seeded - reported >= 100_000) {
      progress(`  ${seeded.toLocaleString('en-US')} results seeded`);
      reported = seeded;
    }
  }
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query<Record<keyof InstanceCounts, string>>(
    `SELECT (SELECT count(*) FROM "User") AS users, (SELECT count(*) FROM "Workspace") AS workspaces,
            (SELECT count(*) FROM "Typebot") AS bots, (SELECT count(*) FROM "Result") AS results,
            (SELECT count(*) FROM "Answer") + (SELECT count(*) FROM "AnswerV2") AS answers,
            (SELECT count(*) FROM "Log") AS logs`,
  );
  const row = rows[0]!;
  return {
    users: Number(row.users),
    workspaces: Number(row.workspaces),
    bots: Number(row.bots),
    results: Number(row.results),
    answers: Number(row.answers),
    logs: Number(row.logs),
  };
}
