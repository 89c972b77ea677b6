import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

test('the typed operation documents are generated from the current schema and operations', () => {
  // --check: generate in memory and fail when the committed output differs.
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/.bin/graphql-codegen'), '--config', 'codegen.yml', '--check'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  // A failure here means: run `npm run codegen` and commit src/rest/generated and src/web/console/api/generated.ts.
  expect({ status: run.status, stderr: run.status === 0 ? '' : run.stderr + run.stdout }).toEqual({
    status: 0,
    stderr: '',
  });
});
