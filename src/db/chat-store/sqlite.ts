import Database from 'better-sqlite3';
import { publicBotRow, sessionRow, sqliteDate, type SessionRecord } from './sqlite-rows';
import { sqliteScheduler } from './sqlite-scheduler';
import { prepareStatements, type Statements } from './sqlite-statements';
import { ClaimLost, writeTurn } from './sqlite-turn';
import {
  APPLIED_MIGRATIONS,
  CHANNEL_QUEUE_DEPTH,
  DUE_HANDOFF_SQL,
  type ChannelQueueDepth,
  type ChatStore,
  type TurnWrite,
} from './types';

// Statements run on a connection of their own (WAL lets it read beside
// Prisma's). It never waits inside SQLite for a lock, and claims and turn
// commits are written in groups: see sqlite-scheduler.ts.

/**
 * @param onStatement told of each operation with its duration (ms): a claim
 *   as its UPDATE, a commit as one transaction.
 */
export function openSqliteChatStore(
  file: string,
  busyTimeoutMs: number,
  onStatement?: (sql: string, durationMs: number) => void,
): ChatStore {
  const connection = new Database(file);
  connection.pragma('busy_timeout = 0');
  let statements: Statements | undefined;
  const prepared = (): Statements => (statements ??= prepareStatements(connection));
  // One turn: inside the batch's transaction, better-sqlite3 runs it in a savepoint.
  const oneTurn = connection.transaction((turn: TurnWrite, at: Date) => writeTurn(prepared(), turn, at));

  const { whenFree, batched } = sqliteScheduler(connection, busyTimeoutMs, onStatement);
  const commitBatched = batched(({ write, now }: { write: TurnWrite; now: Date }) => {
    try {
      return { results: oneTurn(write, now) };
    } catch (error) {
      if (error instanceof ClaimLost) return 'claim-lost' as const;
      throw error;
    }
  });
  const claimBatched = batched(
    ({
      sessionId,
      leaseUntil,
      now,
    }: {
      sessionId: string;
      leaseUntil: Date;
      now: Date;
    }): SessionRecord | 'busy' | 'missing' => {
      const statements = prepared();
      const claimed = statements.claim.get(sqliteDate(leaseUntil), sqliteDate(now), sessionId, sqliteDate(now));
      if (claimed) return claimed;
      return statements.exists.get(sessionId) ? 'busy' : 'missing';
    },
  );
  return {
    // Reads retry too: a read can find the database locked while another process recovers the WAL index (several starting at once).
    async findBotByPublicId(publicId) {
      const record = await whenFree('SELECT "Bot" (public id)', () => prepared().publicBot.get(publicId));
      return record ? publicBotRow(record) : null;
    },
    async claimSession(sessionId, leaseUntil, now) {
      const claimed = await claimBatched({ sessionId, leaseUntil, now });
      return typeof claimed === 'string' ? claimed : sessionRow(claimed);
    },
    async renewClaim(sessionId, version, leaseUntil) {
      await whenFree('UPDATE "ChatSession" (renew)', () =>
        prepared().renew.run(sqliteDate(leaseUntil), sessionId, version),
      );
    },
    async releaseClaim(sessionId, version) {
      await whenFree('UPDATE "ChatSession" (release)', () => prepared().release.run(sessionId, version));
    },
    commitTurn(write, now) {
      return commitBatched({ write, now });
    },
    async findReceipt(key) {
      const row = await whenFree('SELECT "TurnReceipt"', () => prepared().receipt.get(key));
      return row ? (JSON.parse(row.response) as unknown) : undefined;
    },
    async transcriptLines(sessionId, count) {
      const rows = await whenFree('SELECT "ChatSessionTranscriptTurn"', () =>
        prepared().transcriptLines.all(sessionId, count),
      );
      return rows.map((row) => JSON.parse(row.turn) as unknown);
    },
    async snapshotDefinition(botId, revision) {
      const row = await whenFree('SELECT "BotSnapshot"', () => prepared().snapshot.get(botId, revision));
      return row ? (JSON.parse(row.definition) as unknown) : undefined;
    },
    async ping() {
      await whenFree('SELECT 1', () => connection.prepare('SELECT 1').get());
    },
    async appliedMigrations() {
      const rows = await whenFree('SELECT _prisma_migrations', () =>
        connection.prepare<[], { migration_name: string }>(APPLIED_MIGRATIONS).all(),
      );
      return rows.map((row) => row.migration_name);
    },
    async hasUsers() {
      return (
        (await whenFree('SELECT "User"', () => connection.prepare('SELECT 1 FROM "User" LIMIT 1').get())) !== undefined
      );
    },
    async hasDueHandoffs(now: Date) {
      const row = await whenFree('SELECT due handoff', () =>
        connection.prepare<[string], { due: number }>(DUE_HANDOFF_SQL('?')).get(sqliteDate(now)),
      );
      return row !== undefined;
    },
    async channelQueueDepth() {
      const row = await whenFree('SELECT channel queue depth', () =>
        connection.prepare<[], ChannelQueueDepth>(CHANNEL_QUEUE_DEPTH).get(),
      );
      return { inbox: Number(row?.inbox ?? 0), outbox: Number(row?.outbox ?? 0) };
    },
    async close() {
      if (connection.open) connection.close();
    },
  };
}
