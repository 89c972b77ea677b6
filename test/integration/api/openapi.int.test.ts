import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { routes } from '../../../src/rest/routes';
import { addInvoice } from '../../../src/services/billing';
import { createChannelCredentials } from '../../helpers/channel-events';
import { ISO_MS, request, type HttpResponse } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// GET /v1/openapi.json: a valid OpenAPI 3.0.3 document that describes every
// route of src/rest/routes/ as the spec documents it, and that real answers
// conform to.

type Schema = Record<string, any>;
type OpenApi = Record<string, any>;

const root = path.resolve(__dirname, '../../..');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/bots', name), 'utf8'));

let server: TestServer;
let doc: OpenApi;
let served: HttpResponse<OpenApi>;

beforeAll(async () => {
  server = await startTestServer();
  served = await request<OpenApi>(server.url, 'GET', '/v1/openapi.json');
  doc = served.body;
});
afterAll(() => server.close());

/**
 * Validates with @seriousme/openapi-schema-validator. The package is ESM only
 * (it reads its schemas through import.meta.url), which Jest's CommonJS
 * runtime cannot load, so it runs in a child Node process through its public
 * API. The child is awaited, not run synchronously: the server under test
 * lives in this process and its event loop must not stall.
 */
function validateOpenApi(document: unknown): Promise<{ valid: boolean; version?: string; errors?: unknown }> {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`validator did not run (exit ${code}): ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin.end(JSON.stringify(document));
  });
}

function resolve(node: Schema): Schema {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<any>((value, key) => value?.[key], doc);
    if (!current) throw new Error(`unresolvable $ref ${node.$ref}`);
  }
  return current;
}

function operationOf(method: string, routePath: string): Schema {
  const found = doc.paths?.[routePath]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${routePath} is not in the document`);
  return found;
}

function successSchema(method: string, routePath: string): Schema {
  return resolve(operationOf(method, routePath).responses['200'].content['application/json'].schema);
}

function bodySchema(method: string, routePath: string): Schema {
  return resolve(operationOf(method, routePath).requestBody.content['application/json'].schema);
}

const propertyNames = (schema: Schema) => Object.keys(resolve(schema).properties ?? {});

/**
 * Where a JSON value departs from a (3.0) schema: object keys must be exactly
 * the declared properties, required ones present, types, formats, enums and
 * nullability as declared. `{}` (a JSON scalar) accepts anything.
 */
function conformanceProblems(value: unknown, schemaNode: Schema, at: string[] = []): string[] {
  const schema = resolve(schemaNode);
  const where = at.length ? at.join('.') : '(body)';
  if (value === null) return schema.nullable ? [] : [`${where}: null but not nullable`];
  if (schema.oneOf) {
    const matching = (schema.oneOf as Schema[]).filter((option) => conformanceProblems(value, option, at).length === 0);
    return matching.length === 1 ? [] : [`${where}: matches ${matching.length} of oneOf`];
  }
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${where}: ${JSON.stringify(value)} not in enum`);
  switch (schema.type) {
    case undefined:
      return problems;
    case 'string':
      if (typeof value !== 'string') return [`${where}: expected string, got ${JSON.stringify(value)}`];
      if (schema.format === 'date-time' && !ISO_MS.test(value))
        problems.push(`${where}: ${value} is not an ISO date-time with ms`);
      return problems;
    case 'integer':
      return Number.isInteger(value) ? problems : [`${where}: expected integer, got ${JSON.stringify(value)}`];
    case 'number':
      return typeof value === 'number' ? problems : [`${where}: expected number, got ${JSON.stringify(value)}`];
    case 'boolean':
      return typeof value === 'boolean' ? problems : [`${where}: expected boolean, got ${JSON.stringify(value)}`];
    case 'array':
      if (!Array.isArray(value)) return [`${where}: expected array`];
      return value.flatMap((item, index) => conformanceProblems(item, schema.items, [...at, String(index)]));
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${where}: expected object`];
      const record = value as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const key of Object.keys(record))
        if (!(key in properties)) problems.push(`${where}: undocumented key ${key}`);
      for (const key of schema.required ?? [])
        if (!(key in record)) problems.push(`${where}: missing required key ${key}`);
      for (const [key, property] of Object.entries(properties)) {
        if (key in record) problems.push(...conformanceProblems(record[key], property, [...at, key]));
      }
      return problems;
    }
    default:
      return [`${where}: unknown schema type ${schema.type}`];
  }
}

/** Problems of a real answer against the document's schema for its status. */
function answerProblems(method: string, routePath: string, response: HttpResponse): string[] {
  const documented = operationOf(method, routePath).responses[String(response.status)];
  if (!documented) return [`status ${response.status} is not documented for ${method} ${routePath}`];
  return conformanceProblems(response.body, resolve(documented).content['application/json'].schema);
}

describe('the document', () => {
  test('is served as JSON', () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('application/json');
  });

  test('is a valid OpenAPI 3.0 document for the real validator', async () => {
    const result = await validateOpenApi(doc);
    expect(result).toEqual({ valid: true, version: '3.0' });
  });

  test('the validator does reject a broken copy (so the check above can fail)', async () => {
    const broken = structuredClone(doc);
    delete broken.paths['/v1/workspaces'].get.responses;
    broken.components.securitySchemes.bearerAuth = { type: 'token' };
    expect((await validateOpenApi(broken)).valid).toBe(false);
  });

  test('declares OpenAPI 3.0.3 and info version 1.0.0', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toEqual(expect.objectContaining({ version: '1.0.0', title: expect.any(String) }));
  });

  test('lists exactly the routes of src/rest/routes/, each with its method, path and operation', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(
      ([routePath, item]) =>
        Object.entries(item).map(
          ([method, operation]) => `${method.toUpperCase()} ${routePath} ${operation.operationId}`,
        ),
    );
    const expected = routes.map((route) => `${route.method} ${route.path} ${route.operation}`);
    expect(documented.sort()).toEqual(expected.sort());
    for (const route of routes) {
      expect(operationOf(route.method, route.path)).toEqual(
        expect.objectContaining({ summary: route.summary, tags: [route.tag] }),
      );
    }
  });

  test('includes the documented builder endpoints', () => {
    for (const [method, routePath] of [
      ['POST', '/v1/workspaces'],
      ['GET', '/v1/workspaces'],
      ['GET', '/v1/workspaces/{workspaceId}'],
      ['PATCH', '/v1/workspaces/{workspaceId}'],
      ['DELETE', '/v1/workspaces/{workspaceId}'],
      ['GET', '/v1/workspaces/{workspaceId}/members'],
      ['GET', '/v1/billing/invoices'],
      ['GET', '/v1/billing/usage'],
      ['GET', '/v1/bots/{botId}/analytics/stats'],
    ] as const) {
      expect(() => operationOf(method, routePath)).not.toThrow();
    }
  });
});

describe('parameters and request bodies', () => {
  test('every path parameter of every route is declared, required, as a string (an integer for numbers: a revision)', () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operationOf(route.method, route.path).parameters ?? []).filter(
        (parameter: Schema) => parameter.in === 'path',
      );
      expect({ route: route.path, names: declared.map((parameter: Schema) => parameter.name).sort() }).toEqual({
        route: route.path,
        names: [...names].sort(),
      });
      for (const parameter of declared) {
        const type = parameter.name === 'revision' ? 'integer' : 'string';
        expect(parameter).toEqual(
          expect.objectContaining({ required: true, schema: expect.objectContaining({ type }) }),
        );
      }
    }
  });

  test('query parameters carry their types and requiredness', () => {
    const query = (method: string, routePath: string) =>
      Object.fromEntries(
        (operationOf(method, routePath).parameters ?? [])
          .filter((parameter: Schema) => parameter.in === 'query')
          .map((parameter: Schema) => [
            parameter.name,
            { required: parameter.required, type: parameter.schema.type, enum: parameter.schema.enum },
          ]),
      );
    expect(query('GET', '/v1/billing/invoices')).toEqual({ workspaceId: { required: true, type: 'string' } });
    expect(query('GET', '/v1/billing/usage')).toEqual({ workspaceId: { required: false, type: 'string' } });
    expect(query('GET', '/v1/bots/{botId}/analytics/stats')).toEqual({
      timeFilter: {
        required: false,
        type: 'string',
        enum: expect.arrayContaining([
          'today',
          'last7Days',
          'last30Days',
          'yearToDate',
          'allTime',
          'monthToDate',
          'lastMonth',
        ]),
      },
      timeZone: { required: false, type: 'string' },
    });
    expect(query('GET', '/v1/bots/{botId}/analytics/stats').timeFilter.enum).toHaveLength(7);
    expect(query('GET', '/v1/bots')).toEqual({
      workspaceId: { required: true, type: 'string' },
      limit: { required: false, type: 'integer' },
      cursor: { required: false, type: 'string' },
    });
    expect(query('GET', '/v1/workspaces')).toEqual({});
  });

  test('POST and PATCH take a required JSON object body; GET and DELETE take none', () => {
    for (const route of routes) {
      const operation = operationOf(route.method, route.path);
      if (route.method === 'POST' || route.method === 'PATCH') {
        expect(operation.requestBody).toEqual(expect.objectContaining({ required: true }));
        expect(bodySchema(route.method, route.path).type).toBe('object');
      } else {
        expect({ route: `${route.method} ${route.path}`, requestBody: operation.requestBody }).toEqual({
          route: `${route.method} ${route.path}`,
          requestBody: undefined,
        });
      }
    }
  });

  test('create workspace: name required, icon optional and nullable', () => {
    const schema = bodySchema('POST', '/v1/workspaces');
    expect(schema.required).toEqual(['name']);
    expect(schema.properties).toEqual({
      name: expect.objectContaining({ type: 'string' }),
      icon: expect.objectContaining({ type: 'string', nullable: true }),
    });
  });

  test('update workspace: name and icon both optional; the path id is not a body field', () => {
    const schema = bodySchema('PATCH', '/v1/workspaces/{workspaceId}');
    expect(schema.required).toBeUndefined();
    expect(Object.keys(schema.properties).sort()).toEqual(['icon', 'name']);
  });

  test('other bodies: required fields and enums', () => {
    expect(bodySchema('POST', '/v1/bots').required).toEqual(['workspaceId', 'bot']);
    const addMember = bodySchema('POST', '/v1/workspaces/{workspaceId}/members');
    expect(addMember.required).toEqual(['email', 'role']);
    expect(addMember.properties.role.enum.sort()).toEqual(['ADMIN', 'GUEST', 'MEMBER']);
    expect(bodySchema('PATCH', '/v1/workspaces/{workspaceId}/members/{userId}').required).toEqual(['role']);
    expect(bodySchema('POST', '/v1/users/me/api-tokens').required).toEqual(['name']);
  });
});

describe('200 response schemas are the documented shapes', () => {
  const shape = (schema: Schema): unknown => {
    const resolved = resolve(schema);
    if (resolved.type === 'object' && resolved.properties) {
      return Object.fromEntries(
        Object.entries(resolved.properties as Record<string, Schema>).map(([key, value]) => [key, shape(value)]),
      );
    }
    if (resolved.type === 'array') return [shape(resolved.items)];
    return resolved.type ?? 'any';
  };

  test('get workspace: {workspace} with exactly the reading record fields', () => {
    const schema = successSchema('GET', '/v1/workspaces/{workspaceId}');
    expect(Object.keys(schema.properties)).toEqual(['workspace']);
    expect(propertyNames(schema.properties.workspace)).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'name',
      'icon',
      'paymentProviderId',
      'customChatsLimit',
      'customSeatsLimit',
      'isSuspended',
      'isPastDue',
      'isVerified',
    ]);
    const workspace = resolve(schema.properties.workspace).properties;
    expect(workspace.createdAt).toEqual(expect.objectContaining({ type: 'string', format: 'date-time' }));
    expect(workspace.customChatsLimit).toEqual(expect.objectContaining({ type: 'integer', nullable: true }));
    expect(workspace.isVerified).toEqual(expect.objectContaining({ type: 'boolean', nullable: true }));
    expect(workspace.isSuspended.nullable).toBeUndefined();
  });

  test('create workspace: {workspace} with the full record, plan an enum of the seven plans', () => {
    const schema = successSchema('POST', '/v1/workspaces');
    expect(propertyNames(schema.properties.workspace)).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'name',
      'icon',
      'plan',
      'paymentProviderId',
      'isSuspended',
      'isPastDue',
      'isVerified',
    ]);
    expect(resolve(schema.properties.workspace).properties.plan.enum.sort()).toEqual([
      'CUSTOM',
      'FREE',
      'LIFETIME',
      'OFFERED',
      'PRO',
      'STARTER',
      'UNLIMITED',
    ]);
  });

  test('the other documented endpoints', () => {
    expect(shape(successSchema('GET', '/v1/workspaces'))).toEqual({
      workspaces: [{ id: 'string', name: 'string', icon: 'string', plan: 'string' }],
    });
    expect(shape(successSchema('PATCH', '/v1/workspaces/{workspaceId}'))).toEqual({
      workspace: { name: 'string', icon: 'string' },
    });
    expect(shape(successSchema('DELETE', '/v1/workspaces/{workspaceId}'))).toEqual({ message: 'string' });
    expect(shape(successSchema('GET', '/v1/workspaces/{workspaceId}/members'))).toEqual({
      members: [{ workspaceId: 'string', user: { name: 'string', email: 'string', image: 'string' }, role: 'string' }],
    });
    expect(shape(successSchema('GET', '/v1/billing/invoices'))).toEqual({
      invoices: [{ id: 'string', url: 'string', amount: 'integer', currency: 'string', date: 'number' }],
    });
    expect(shape(successSchema('GET', '/v1/billing/usage'))).toEqual({ totalChatsUsed: 'integer', resetsAt: 'string' });
    expect(shape(successSchema('GET', '/v1/bots/{botId}/analytics/stats'))).toEqual({
      stats: { totalViews: 'integer', totalStarts: 'integer', totalCompleted: 'integer' },
    });
  });

  test("list credentials: each with its channel's webhook path and verify token, for Meta's dashboard", () => {
    const schema = successSchema('GET', '/v1/workspaces/{workspaceId}/credentials');
    expect(shape(schema)).toEqual({
      credentials: [
        {
          id: 'string',
          type: 'string',
          name: 'string',
          createdAt: 'string',
          channel: { webhookPath: 'string', verifyToken: 'string' },
        },
      ],
    });
    const credentials = resolve(resolve(schema.properties.credentials).items).properties;
    const channel = resolve(credentials.channel);
    // Null for credentials that are no channel; the verify token null for Telegram.
    expect(channel.nullable).toBe(true);
    expect(channel.properties.webhookPath.nullable).toBeUndefined();
    expect(channel.properties.verifyToken.nullable).toBe(true);
    expect(channel.required.sort()).toEqual(['verifyToken', 'webhookPath']);
  });

  test('every property of every 200 schema is required (the answer always carries the key)', () => {
    const unrequired = (schema: Schema, at: string): string[] => {
      const resolved = resolve(schema);
      if (resolved.type === 'array') return unrequired(resolved.items, `${at}[]`);
      if (resolved.type !== 'object' || !resolved.properties) return [];
      return Object.entries(resolved.properties as Record<string, Schema>).flatMap(([key, value]) => [
        ...((resolved.required ?? []).includes(key) ? [] : [`${at}.${key}`]),
        ...unrequired(value, `${at}.${key}`),
      ]);
    };
    // Chat answers leave out what does not apply (omitNull routes): only builder answers always carry every key.
    const alwaysComplete = routes.filter((route) => !route.omitNull && route.stream === undefined);
    expect(
      alwaysComplete.flatMap((route) =>
        unrequired(successSchema(route.method, route.path), `${route.method} ${route.path}`),
      ),
    ).toEqual([]);
  });
});

describe('errors and security', () => {
  test('the Error schema is {code, message, issues}', () => {
    const error = doc.components.schemas.Error;
    expect(error.type).toBe('object');
    expect([...error.required].sort()).toEqual(['code', 'issues', 'message']);
    expect(error.properties.code.type).toBe('string');
    expect(error.properties.code.enum).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_SERVER_ERROR']),
    );
    expect(error.properties.message.type).toBe('string');
    expect(error.properties.issues.type).toBe('array');
    expect(error.properties.issues.items).toEqual(expect.objectContaining({ type: 'object', required: ['message'] }));
    expect(error.properties.issues.items.properties.message.type).toBe('string');
  });

  test('every route documents its route-table error statuses, each answering with the Error schema', () => {
    for (const route of routes) {
      const responses = operationOf(route.method, route.path).responses as Record<string, Schema>;
      const expected = new Set(route.errors.map(String));
      if (route.method === 'POST' || route.method === 'PATCH') expected.add('413');
      expect({ route: `${route.method} ${route.path}`, statuses: Object.keys(responses).sort() }).toEqual({
        route: `${route.method} ${route.path}`,
        statuses: ['200', ...expected].sort(),
      });
      for (const status of expected) {
        const response = resolve(responses[status]!);
        expect(response.description).toEqual(expect.any(String));
        expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  test('documented error sets: create/list workspaces have no 404', () => {
    expect(Object.keys(operationOf('POST', '/v1/workspaces').responses)).not.toContain('404');
    expect(Object.keys(operationOf('GET', '/v1/workspaces').responses)).not.toContain('404');
    expect(Object.keys(operationOf('GET', '/v1/workspaces/{workspaceId}').responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '500']),
    );
  });

  test('builder routes require the bearer scheme', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    for (const route of routes) {
      const expected = { bearer: [{ bearerAuth: [] }], none: [], optional: [{}, { bearerAuth: [] }], link: [] }[
        route.auth
      ];
      expect({
        route: `${route.method} ${route.path}`,
        security: operationOf(route.method, route.path).security,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        security: expected,
      });
    }
    // Builder routes are every route but the chat runtime's (startChat, continueChat, clientLogs, streamMessage, uploads,
    // a handed-off session's events, preview).
    const builderRoutes = routes.filter(
      (route) => !/\/(startChat|continueChat|clientLogs|streamMessage|uploads|events)$/.test(route.path),
    );
    // But the export link's download, whose path carries its own permission.
    expect(
      builderRoutes.filter((route) => route.auth !== 'bearer').map((route) => `${route.method} ${route.path}`),
    ).toEqual(['GET /v1/exports/{token}']);
  });
});

describe('real answers conform to the documented schemas', () => {
  test('the checker flags an undocumented key, a missing key and a wrong type', () => {
    const schema = successSchema('GET', '/v1/billing/usage');
    expect(conformanceProblems({ totalChatsUsed: 1, resetsAt: '2026-02-01T00:00:00.000Z' }, schema)).toEqual([]);
    expect(
      conformanceProblems({ totalChatsUsed: 1, resetsAt: '2026-02-01T00:00:00.000Z', extra: 1 }, schema),
    ).toHaveLength(1);
    expect(conformanceProblems({ totalChatsUsed: 1 }, schema)).toHaveLength(1);
    expect(conformanceProblems({ totalChatsUsed: 1.5, resetsAt: 'yesterday' }, schema)).toHaveLength(2);
  });

  test('workspace endpoints', async () => {
    const token = server.adminToken;
    const created = await request(server.url, 'POST', '/v1/workspaces', {
      token,
      json: { name: 'Conformance', icon: '🚀' },
    });
    expect(created.status).toBe(200);
    expect(answerProblems('POST', '/v1/workspaces', created)).toEqual([]);
    const id = created.body.workspace.id as string;

    const checks: [string, string, HttpResponse][] = [
      ['GET', '/v1/workspaces', await request(server.url, 'GET', '/v1/workspaces', { token })],
      ['GET', '/v1/workspaces/{workspaceId}', await request(server.url, 'GET', `/v1/workspaces/${id}`, { token })],
      [
        'PATCH',
        '/v1/workspaces/{workspaceId}',
        await request(server.url, 'PATCH', `/v1/workspaces/${id}`, { token, json: { icon: null } }),
      ],
      [
        'POST',
        '/v1/workspaces/{workspaceId}/members',
        await request(server.url, 'POST', `/v1/workspaces/${id}/members`, {
          token,
          json: { email: 'ann@conform.test', role: 'MEMBER' },
        }),
      ],
      [
        'GET',
        '/v1/workspaces/{workspaceId}/members',
        await request(server.url, 'GET', `/v1/workspaces/${id}/members`, { token }),
      ],
    ];
    for (const [method, routePath, response] of checks) {
      expect({
        route: `${method} ${routePath}`,
        status: response.status,
        problems: answerProblems(method, routePath, response),
      }).toEqual({
        route: `${method} ${routePath}`,
        status: 200,
        problems: [],
      });
    }
    // Nullable fields answered as null still conform.
    expect(checks[2]![2].body).toEqual({ workspace: { name: 'Conformance', icon: null } });

    const deleted = await request(server.url, 'DELETE', `/v1/workspaces/${id}`, { token });
    expect(deleted.status).toBe(200);
    expect(answerProblems('DELETE', '/v1/workspaces/{workspaceId}', deleted)).toEqual([]);
  });

  test('billing endpoints', async () => {
    const token = server.adminToken;
    await addInvoice(server.db, {
      workspaceId: server.adminWorkspaceId,
      amount: 3900,
      currency: 'usd',
      url: 'https://billing.test/inv/1',
      paidAt: new Date('2026-01-15T10:00:00Z'),
    });
    const invoices = await request(server.url, 'GET', `/v1/billing/invoices?workspaceId=${server.adminWorkspaceId}`, {
      token,
    });
    expect(invoices.status).toBe(200);
    expect(invoices.body.invoices).toHaveLength(1);
    expect(answerProblems('GET', '/v1/billing/invoices', invoices)).toEqual([]);

    const usage = await request(server.url, 'GET', '/v1/billing/usage', { token });
    expect(usage.status).toBe(200);
    expect(answerProblems('GET', '/v1/billing/usage', usage)).toEqual([]);
  });

  test('bot endpoints and stats', async () => {
    const token = server.adminToken;
    const { publicId: _publicId, ...bot } = fixture('lead-gen.json');
    const created = await request(server.url, 'POST', '/v1/bots', {
      token,
      json: { workspaceId: server.adminWorkspaceId, bot },
    });
    expect(created.status).toBe(200);
    expect(answerProblems('POST', '/v1/bots', created)).toEqual([]);
    const botId = created.body.bot.id as string;
    // A WhatsApp connection and other credentials, for the list's channel (an object, and null).
    await createChannelCredentials(server, 'whatsApp', 'conform');
    await createChannelCredentials(server, 'telegram', 'conform');
    await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
      token,
      json: { type: 'http', name: 'Headers', data: { headers: { 'X-Api-Key': 'key' } } },
    });

    const checks: [string, string, HttpResponse][] = [
      ['GET', '/v1/bots/{botId}', await request(server.url, 'GET', `/v1/bots/${botId}`, { token })],
      [
        'GET',
        '/v1/bots',
        await request(server.url, 'GET', `/v1/bots?workspaceId=${server.adminWorkspaceId}`, { token }),
      ],
      ['POST', '/v1/bots/{botId}/publish', await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token })],
      [
        'GET',
        '/v1/bots/{botId}/analytics/stats',
        await request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats?timeFilter=allTime`, { token }),
      ],
      ['GET', '/v1/users/me/api-tokens', await request(server.url, 'GET', '/v1/users/me/api-tokens', { token })],
      [
        'GET',
        '/v1/workspaces/{workspaceId}/credentials',
        await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, { token }),
      ],
    ];
    for (const [method, routePath, response] of checks) {
      expect({
        route: `${method} ${routePath}`,
        status: response.status,
        problems: answerProblems(method, routePath, response),
      }).toEqual({
        route: `${method} ${routePath}`,
        status: 200,
        problems: [],
      });
    }
  });

  test('error answers conform to the Error schema of their status', async () => {
    const outsider = await createUserWithToken(server.db, 'outsider@conform.test');
    const member = await createUserWithToken(server.db, 'member@conform.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const checks: [string, string, HttpResponse, number][] = [
      [
        'POST',
        '/v1/workspaces',
        await request(server.url, 'POST', '/v1/workspaces', { token: server.adminToken, json: { name: '' } }),
        400,
      ],
      ['GET', '/v1/workspaces', await request(server.url, 'GET', '/v1/workspaces'), 401],
      [
        'PATCH',
        '/v1/workspaces/{workspaceId}',
        await request(server.url, 'PATCH', `/v1/workspaces/${server.adminWorkspaceId}`, {
          token: member.token,
          json: { name: 'x' },
        }),
        403,
      ],
      [
        'GET',
        '/v1/workspaces/{workspaceId}',
        await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}`, { token: outsider.token }),
        404,
      ],
      [
        'GET',
        '/v1/billing/invoices',
        await request(server.url, 'GET', '/v1/billing/invoices', { token: server.adminToken }),
        400,
      ],
    ];
    for (const [method, routePath, response, status] of checks) {
      expect({
        route: `${method} ${routePath}`,
        status: response.status,
        problems: answerProblems(method, routePath, response),
      }).toEqual({
        route: `${method} ${routePath}`,
        status,
        problems: [],
      });
    }
    expect(checks[0]![2].body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [{ message: 'must not be empty', path: ['name'] }],
    });
  });
});
