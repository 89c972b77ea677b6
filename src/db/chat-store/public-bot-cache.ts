import type { ChatStore, PublicBotRow } from './types';

// What a chat start reads of a bot by its public id (publication, flags, its
// workspace's) is the same for every start until someone changes it: one round
// trip of the four a PostgreSQL conversation costs (bench/README.md). The
// database says when it changes: a trigger NOTIFYs on every commit that
// touches those columns, whoever made it (migration 20261129180000), and the
// process's LISTEN connection calls `changed()`. While that connection is
// down, nothing is cached: a change could go unheard.

/** At most this many public ids are remembered (least recently used first out). */
const MAX_ENTRIES = 10_000;

export interface PublicBotCache {
  /** The chat store with `findBotByPublicId` answered from memory when it can. */
  store: ChatStore;
  /** Something changed (a NOTIFY, or a write of this process): forget everything. */
  changed(): void;
  /** Whether changes are being heard; caching only while they are. */
  listening(on: boolean): void;
}

export function cachePublicBots(store: ChatStore, maxEntries = MAX_ENTRIES): PublicBotCache {
  const rows = new Map<string, PublicBotRow>();
  // Bumped by every change: a read that began before one must not store what it read.
  let generation = 0;
  let heard = false;
  const changed = () => {
    generation += 1;
    rows.clear();
  };
  return {
    store: {
      ...store,
      async findBotByPublicId(publicId) {
        const known = rows.get(publicId);
        if (known) {
          rows.delete(publicId);
          rows.set(publicId, known);
          return known;
        }
        const began = generation;
        const row = await store.findBotByPublicId(publicId);
        // Unknown public ids are not remembered: a publish would have to be heard to undo them.
        if (row && heard && began === generation) {
          if (rows.size >= maxEntries) rows.delete(rows.keys().next().value!);
          rows.set(publicId, row);
        }
        return row;
      },
    },
    changed,
    listening(on) {
      heard = on;
      changed();
    },
  };
}
