// The order jest hands test files to its workers. Jest's own order (longest
// first) starts every browser file before anything else, so both workers drive
// the shared Chromium at once: on two cores the browser files then took twice
// as long as one at a time, while the other tests waited behind them. Here one
// worker takes the browser files one after another and every other worker
// takes the rest, longest first, so Chromium has a core to itself.
//
// Jest dispatches files in this order to whichever worker frees first, so the
// order is planned by replaying that with each file's expected duration: its
// time in the last run (jest's cache), else an estimate from its size.
const { default: Sequencer } = require('@jest/test-sequencer');

/** Milliseconds per byte of a test file not timed yet, by kind (measured on the whole suite). */
const MS_PER_BYTE = { browser: 4.9, integration: 0.8, unit: 0.13 };

const kindOf = (test) =>
  test.path.endsWith('.browser.test.ts') ? 'browser' : test.path.endsWith('.int.test.ts') ? 'integration' : 'unit';

class TestOrder extends Sequencer {
  constructor(options) {
    super(options);
    this.workers = Math.max(1, options?.globalConfig?.maxWorkers ?? 1);
  }

  expectedMs(test) {
    return this.time(test) ?? (test.context.hasteFS.getSize(test.path) ?? 0) * MS_PER_BYTE[kindOf(test)];
  }

  sort(tests) {
    // Jest's order within each kind: what failed last time first, then the longest.
    const ordered = super.sort([...tests]);
    const expected = new Map(ordered.map((test) => [test, this.expectedMs(test)]));
    const browser = ordered.filter((test) => kindOf(test) === 'browser');
    const rest = ordered.filter((test) => kindOf(test) !== 'browser');
    if (this.workers < 2 || browser.length === 0 || rest.length === 0) return ordered;

    const slots = Array.from({ length: this.workers }, () => ({ freeAt: 0, browser: false }));
    const order = [];
    while (browser.length > 0 || rest.length > 0) {
      const slot = slots.reduce((first, each) => (each.freeAt < first.freeAt ? each : first));
      const browserRunning = slots.some((other) => other !== slot && other.browser && other.freeAt > slot.freeAt);
      const takeBrowser = browser.length > 0 && (!browserRunning || rest.length === 0);
      const test = takeBrowser ? browser.shift() : rest.shift();
      slot.freeAt += expected.get(test);
      slot.browser = takeBrowser;
      order.push(test);
    }
    return order;
  }

  // Jest's own keys its timings by path alone, so of a file run by the SQLite
  // and the PostgreSQL projects only one run's time was kept (under the other
  // project's cache): each project's results are cached on their own here.
  cacheResults(tests, results) {
    const projectOf = (displayName) => displayName?.name ?? '';
    for (const project of new Set(tests.map((test) => projectOf(test.context.config.displayName)))) {
      super.cacheResults(
        tests.filter((test) => projectOf(test.context.config.displayName) === project),
        { ...results, testResults: results.testResults.filter((result) => projectOf(result.displayName) === project) },
      );
    }
  }
}

module.exports = TestOrder;
