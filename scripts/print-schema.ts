// Prints the SDL of the Pothos schema to schema/schema.graphql (committed; a test fails when stale).
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/project-root';
import { printSdl } from '../src/graphql/print';
import { schema } from '../src/graphql/schema';

const target = path.join(projectRoot(), 'schema/schema.graphql');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, printSdl(schema));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
