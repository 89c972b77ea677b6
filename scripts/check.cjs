#!/usr/bin/env node
// The static checks `npm test` runs before jest: both type-checks, ESLint and
// Prettier's formatting check. They are independent and single-threaded, so
// they run side by side, as many at once as the machine has cores, and each
// keeps a cache under node_modules/.cache/parley: a run after a small change
// re-checks only what changed. The type-checks' caches are TypeScript's own
// build info, complete by design; ESLint's is safe because no rule here reads
// type information (a file's result depends on that file alone). A fresh
// clone (CI) has no cache and checks everything.
const { Buffer } = require('node:buffer');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const cache = path.join(root, 'node_modules/.cache/parley');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

// Longest first (measured cold on two cores: the server's type-check 64 s,
// ESLint 38, Prettier 31, the console's type-check 22), so the lanes end together.
const CHECKS = [
  {
    name: 'typecheck (server, tests, scripts)',
    command: bin('tsc'),
    args: [
      '--noEmit',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      path.join(cache, 'tsc-server.tsbuildinfo'),
    ],
  },
  {
    name: 'eslint',
    command: bin('eslint'),
    args: ['--cache', '--cache-location', path.join(cache, 'eslint'), '.'],
  },
  {
    name: 'prettier --check',
    command: bin('prettier'),
    args: ['--check', '--cache', '--cache-location', path.join(cache, 'prettier'), '--log-level', 'warn', '.'],
  },
  {
    name: 'typecheck (console)',
    command: bin('tsc'),
    args: ['-p', 'src/web', '--incremental', '--tsBuildInfoFile', path.join(cache, 'tsc-web.tsbuildinfo')],
  },
];

/** Runs one check, its output kept until it ends so that parallel checks do not interleave. */
function run(check) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8');
      if (code === 0) console.log(`✓ ${check.name} (${seconds} s)`);
      else console.error(`✗ ${check.name} (${seconds} s)\n${text}`);
      resolve(code === 0);
    });
  });
}

async function main() {
  fs.mkdirSync(cache, { recursive: true });
  const queue = [...CHECKS];
  const results = [];
  const lanes = Math.max(1, Math.min(queue.length, os.availableParallelism()));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
    }),
  );
  process.exitCode = results.every(Boolean) ? 0 : 1;
}

void main();
