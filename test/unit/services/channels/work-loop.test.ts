import { workLoop, type WorkLoop } from '../../../../src/services/channels/work-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition` (timers run late on a loaded machine: no fixed delays). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached within 5 s');
    await sleep(5);
  }
}

let loop: WorkLoop | undefined;
afterEach(async () => {
  await loop?.stop();
  loop = undefined;
});

/** A queue of `items` taken one per step, with the calls of each hook counted. */
function queueLoop(options: { items: number; pending?: () => boolean; pollMs?: number }) {
  const counts = { steps: 0, taken: 0, probes: 0, errors: 0 };
  let items = options.items;
  const pending = options.pending;
  loop = workLoop({
    pollMs: options.pollMs ?? 10,
    concurrency: 2,
    onError: () => (counts.errors += 1),
    pending: pending
      ? async () => {
          counts.probes += 1;
          return pending();
        }
      : undefined,
    async step() {
      counts.steps += 1;
      if (items === 0) return false;
      items -= 1;
      counts.taken += 1;
      return true;
    },
  });
  return { counts, loop, add: (more: number) => (items += more) };
}

test('without a probe, every poll claims (steps run on an empty queue)', async () => {
  const { counts, loop } = queueLoop({ items: 0 });
  loop.start();
  await until(() => counts.steps >= 3);
});

test('a probe answering "nothing pending" keeps the polls from claiming at all', async () => {
  const { counts, loop } = queueLoop({ items: 0, pending: () => false });
  loop.start();
  await until(() => counts.probes >= 3);
  expect(counts.steps).toBe(0);
});

test('a poll whose probe sees work drains the queue; a wake-up claims without asking', async () => {
  let pending = false;
  const queue = queueLoop({ items: 0, pending: () => pending });
  queue.loop.start();
  queue.add(3);
  await until(() => queue.counts.probes >= 2);
  expect(queue.counts.taken).toBe(0);
  pending = true;
  await until(() => queue.counts.taken === 3);

  pending = false;
  const probes = queue.counts.probes;
  queue.add(2);
  queue.loop.wake();
  // The wake-up's runner starts at once, before any timer could fire a probe.
  expect(queue.counts.probes).toBe(probes);
  await until(() => queue.counts.taken === 5);
});

test('a failing probe is reported and the next poll asks again', async () => {
  let calls = 0;
  const queue = queueLoop({
    items: 1,
    pending: () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return true;
    },
  });
  queue.loop.start();
  await until(() => queue.counts.taken === 1);
  expect(queue.counts.errors).toBe(1);
});
