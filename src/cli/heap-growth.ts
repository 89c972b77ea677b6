import v8 from 'node:v8';

/**
 * A server under load promotes many short-lived objects (requests waiting
 * on the group commit survive two young-generation collections), and V8,
 * left to itself, lets the old generation grow up to 4× what its last full
 * collection kept before collecting again: 75 MB of live heap became
 * 225 MB in use and 440 MB resident after 20 s of 64 visitors. Capping the
 * growth factor makes full collections come sooner (they run mostly
 * concurrently, on another core) and keeps the process near 210 MB, flat,
 * for ~5 % more CPU a conversation (bench/README.md, "Third round").
 * V8 reads this flag at each full collection, so setting it at run time
 * works, unlike the young generation's size.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
