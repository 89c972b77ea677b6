// The dependency check of `npm run lint` (dependency-cruiser over
// .dependency-cruiser.cjs, docs/architecture.md's layer table) run over a miniature
// tree holding one deliberate violation per rule: each must be reported, and
// the allowed imports beside them must not.
import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const fixture = path.join(root, 'test/fixtures/architecture');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(cwd: string): Promise<Violation[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, 'src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout) => {
        try {
          const report = JSON.parse(stdout) as { summary: { violations: Violation[] } };
          resolve(report.summary.violations);
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

test('each layer rule refuses its deliberate violation, and only those', async () => {
  const violations = await cruise(fixture);
  const found = violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
  expect(found).toEqual(
    [
      'engine-is-pure: src/engine/walker.ts → src/db/client.ts',
      'graphql-over-services: src/graphql/types/bot.ts → src/db/client.ts',
      'rest-executes-graphql: src/rest/route.ts → src/services/chat.ts',
      'http-serves-apis: src/http/app.ts → src/db/client.ts',
      'sandbox-contract-types-only: src/sandbox/pool.ts → src/engine/contracts/code-runner.ts',
      // The contracts' exception is theirs only: the engine's other types are out of the sandbox's reach.
      'sandbox-stands-alone: src/sandbox/pool.ts → src/engine/session/state.ts',
      'integrations-are-adapters: src/integrations/smtp.ts → src/services/chat.ts',
      'web-is-a-separate-bundle: src/web/client.ts → src/config/index.ts',
      'engine-shapes-stand-alone: src/engine/shapes/values.ts → src/engine/session/state.ts',
      'block-definitions-stand-alone: src/engine/blocks/inputs/rating/definition.ts → src/engine/session/state.ts',
      'block-widgets-are-browser-code: src/engine/blocks/inputs/rating/widget.ts → src/engine/walker.ts',
      'engine-runtime-without-widgets: src/engine/blocks/inputs/rating/block.ts → src/engine/blocks/inputs/rating/widget.ts',
      'no-circular: src/services/a.ts → src/services/b.ts',
      // Through a type-only import, between .tsx files (the console's case): cycles count whatever carries them.
      'no-circular: src/web/console/page.tsx → src/web/console/shell.tsx',
    ].sort(),
  );
}, 60_000);

test("Parley's own source keeps every rule", async () => {
  expect(await cruise(root)).toEqual([]);
}, 60_000);
