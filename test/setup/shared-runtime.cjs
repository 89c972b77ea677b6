// Jest's module runtime for the integration and browser projects, with one
// change: Parley's own modules (src/) load once per jest worker, natively, as
// a server process loads them, instead of once per test file.
//
// Jest gives every test file a module registry of its own, so each file loaded
// the whole server again (some 1,460 modules) and compiled it afresh: about a
// second of CPU per file before its first test, a third of the suite's CPU.
// Here the test files and helpers stay in jest's registry (mocks, isolation,
// jest's globals), and every require that reaches a file under src/ is
// answered from Node's own module cache, shared by the files a worker runs.
// docs/testing.md#keeping-it-fast says what that asks of the code and the tests.
//
// PARLEY_TEST_MODULES=per-file turns it off (jest's own loading, e.g. for
// coverage, which instruments only what jest loads).
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { default: Runtime } = require('jest-runtime');
const { transformSync } = require('@swc/core');
const SWC_OPTIONS = require('./swc-options.cjs');

const SRC = path.resolve(__dirname, '../../src') + path.sep;
// Packages whose values tests hand to Parley's modules or take from them and
// that check identity: graphql's execute refuses a schema built by another copy.
const SHARED_PACKAGES = new Set(['graphql']);

// TypeScript compiled as jest's transform compiles it (swc-options.cjs). Set on
// every Node: those that strip types themselves (22.18+, 24) would apply rules
// of their own (no enums, module syntax detection). Each file's source map is
// kept where jest's stack traces look for it (getSourceMaps below), so a
// failure names the lines of src/.
const MAP_DIR = path.resolve(__dirname, '../../node_modules/.cache/parley/test-source-maps');
const sourceMaps = new Map();
Module._extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code, map } = transformSync(source, {
    ...SWC_OPTIONS,
    filename,
    module: { type: 'commonjs' },
    sourceMaps: true,
  });
  const mapFile = path.join(MAP_DIR, `${crypto.createHash('sha1').update(filename).update(source).digest('hex')}.map`);
  if (!fs.existsSync(mapFile)) {
    fs.mkdirSync(MAP_DIR, { recursive: true });
    fs.writeFileSync(mapFile, map);
  }
  sourceMaps.set(filename, mapFile);
  module._compile(code, filename);
};

class SharedRuntime extends Runtime {
  constructor(config, environment, ...rest) {
    super(config, environment, ...rest);
    const sandbox = environment.global;
    // One realm's values pass into the other: a Date a test makes must be a
    // Date to the server's validation (instanceof), and the server's Dates
    // must match expect.any(Date).
    sandbox.Date = Date;
    // The server reads the environment the setup files write (one process, as in production).
    sandbox.process.env = process.env;
    // The server's console.error lands in this file's output, where a test can watch it.
    globalThis.console = sandbox.console;
  }

  // Jest's registry of source maps (generated file → map file), with this worker's src/ files added.
  getSourceMaps() {
    const own = super.getSourceMaps();
    this.withShared ??= {
      get: (file) => sourceMaps.get(file) ?? own?.get(file),
      *[Symbol.iterator]() {
        if (own) yield* own;
        yield* sourceMaps;
      },
    };
    return this.withShared;
  }

  requireModule(from, moduleName, options, isRequireActual = false) {
    // Inside jest.isolateModules (a peer server: a second process's copy of the modules), jest's loading.
    if (moduleName && !this.registries.isIsolated()) {
      if (SHARED_PACKAGES.has(moduleName)) return require(moduleName);
      if (moduleName.startsWith('.') || moduleName.startsWith('/')) {
        const resolved = resolveFrom(from, moduleName);
        if (resolved?.startsWith(SRC)) return require(resolved);
      }
    }
    return super.requireModule(from, moduleName, options, isRequireActual);
  }
}

function resolveFrom(from, moduleName) {
  try {
    return require.resolve(moduleName, { paths: [path.dirname(from)] });
  } catch {
    return undefined;
  }
}

module.exports = process.env.PARLEY_TEST_MODULES === 'per-file' ? Runtime : SharedRuntime;
