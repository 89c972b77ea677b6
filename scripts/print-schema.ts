// Prints the SDL of the Pothos schema to schema/schema.graphql (committed; a test fails when stale).
import fs from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { projectRoot } from '../src/db/project-root';
import { schema } from '../src/graphql/schema';

const target = path.join(projectRoot(), 'schema/schema.graphql');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, printSchema(schema) + '\n');
console.log(`wrote ${path.relative(process.cwd(), target)}`);
