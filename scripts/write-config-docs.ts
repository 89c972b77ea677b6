// Writes the configuration tables of docs/configuration.md from the schema
// (src/config/schema): `npm run docs:config`. A unit test fails when stale.
import fs from 'node:fs';
import path from 'node:path';
import { withConfigurationTable } from '../src/config/table';
import { projectRoot } from '../src/project-root';

const target = path.join(projectRoot(), 'docs/configuration.md');
fs.writeFileSync(target, withConfigurationTable(fs.readFileSync(target, 'utf8')));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
