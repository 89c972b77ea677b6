import { loadSnapshot, setSnapshotCacheSize, type SnapshotSource } from '../../../src/services/chat/bot-loader';
import { MINIMAL_BOT } from '../../helpers/bots';

// Parsed snapshots are kept per process up to PARLEY_SNAPSHOT_CACHE, the least recently used dropped first.

function countingSource(): SnapshotSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    snapshotDefinition: async (botId, revision) => {
      reads.push(`${botId}:${revision}`);
      return MINIMAL_BOT;
    },
  };
}

afterEach(() => setSnapshotCacheSize(500));

test('a revision read once is served parsed until it is the least recently used one of a full cache', async () => {
  setSnapshotCacheSize(2);
  const source = countingSource();
  const a = await loadSnapshot(source, 'lru-a', 1);
  await loadSnapshot(source, 'lru-b', 1);
  // A used again: B is now the least recently used.
  expect(await loadSnapshot(source, 'lru-a', 1)).toBe(a);
  await loadSnapshot(source, 'lru-c', 1);
  expect(source.reads).toEqual(['lru-a:1', 'lru-b:1', 'lru-c:1']);
  expect(await loadSnapshot(source, 'lru-a', 1)).toBe(a);
  await loadSnapshot(source, 'lru-b', 1);
  expect(source.reads).toEqual(['lru-a:1', 'lru-b:1', 'lru-c:1', 'lru-b:1']);
});

test('shrinking the cache drops the least recently used revisions at once', async () => {
  setSnapshotCacheSize(3);
  const source = countingSource();
  for (const id of ['s-a', 's-b', 's-c']) await loadSnapshot(source, id, 1);
  setSnapshotCacheSize(1);
  await loadSnapshot(source, 's-c', 1);
  await loadSnapshot(source, 's-a', 1);
  expect(source.reads).toEqual(['s-a:1', 's-b:1', 's-c:1', 's-a:1']);
});
