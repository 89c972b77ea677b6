import { parse, type OperationDefinitionNode } from 'graphql';
import { schema } from '../../../src/graphql/schema';
import { compileOperations } from '../../../src/rest/operations';
import type { RestRoute } from '../../../src/rest/route';
import { routes } from '../../../src/rest/routes';
import { buildVariables, type RequestParts } from '../../../src/rest/variables';
import { AppError, type Issue } from '../../../src/errors';

// buildVariables against the real schema, the real route table and the real
// operations of src/rest/operations.

const operations = compileOperations(schema);

function route(operation: string): RestRoute {
  const found = routes.find((candidate) => candidate.operation === operation);
  if (!found) throw new Error(`no route runs ${operation}`);
  return found;
}

function operation(name: string): OperationDefinitionNode {
  const found = operations.byName.get(name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}

function request(parts: Partial<RequestParts>): RequestParts {
  return { params: {}, query: {}, body: {}, ...parts };
}

function build(
  operationName: string,
  parts: Partial<RequestParts>,
  options = { suggestions: true },
): Record<string, unknown> {
  return buildVariables(schema, route(operationName), operation(operationName), request(parts), options);
}

/** The 400 buildVariables raises, as the error object's fields. */
function failure(run: () => unknown): { code: string; message: string; issues: Issue[] } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, issues: error.issues };
  }
  throw new Error('expected buildVariables to reject the request');
}

// Variables of types no REST operation declares yet (Boolean, Float, lists),
// read through made-up routes: one GET (query string) and one POST (JSON body).
const probe = parse(
  `query Probe($on: Boolean, $ratio: Float, $count: Int, $ids: [Int!], $required: Boolean!) { __typename }`,
).definitions[0] as OperationDefinitionNode;
const probeGet: RestRoute = {
  method: 'GET',
  path: '/v1/probe',
  operation: 'Probe',
  summary: 'probe',
  tag: 'Test',
  auth: 'bearer',
  errors: [],
};
const probePost: RestRoute = { ...probeGet, method: 'POST' };
const buildProbe = (target: RestRoute, parts: Partial<RequestParts>) =>
  buildVariables(schema, target, probe, request(parts), { suggestions: true });

describe('query-string values are read by the declared type', () => {
  test('Int: digits become a number; ID and String stay text', () => {
    expect(build('ListBots', { query: { workspaceId: '123', limit: '20', cursor: '42' } })).toEqual({
      workspaceId: '123',
      limit: 20,
      cursor: '42',
    });
  });

  test('Boolean: "true" and "false" become booleans', () => {
    expect(buildProbe(probeGet, { query: { on: 'true', required: 'false' } })).toEqual({ on: true, required: false });
    expect(buildProbe(probeGet, { query: { on: 'false', required: 'true' } })).toEqual({ on: false, required: true });
  });

  test('Float and Int: negative and fractional numbers', () => {
    expect(buildProbe(probeGet, { query: { ratio: '-1.5', count: '-3', required: 'true' } })).toEqual({
      ratio: -1.5,
      count: -3,
      required: true,
    });
  });

  test('lists: comma-separated text or a repeated key, each item read by the item type', () => {
    expect(buildProbe(probeGet, { query: { ids: '1,2,3', required: 'true' } })).toEqual({
      ids: [1, 2, 3],
      required: true,
    });
    expect(buildProbe(probeGet, { query: { ids: ['4', '5'], required: 'true' } })).toEqual({
      ids: [4, 5],
      required: true,
    });
  });

  test('a repeated scalar key: the last value counts', () => {
    expect(build('GetUsage', { query: { workspaceId: ['first', 'second'] } })).toEqual({ workspaceId: 'second' });
  });

  test('an enum value is kept as its name', () => {
    expect(
      build('GetBotStats', { params: { botId: 'b1' }, query: { timeFilter: 'allTime', timeZone: 'Europe/Paris' } }),
    ).toEqual({
      botId: 'b1',
      timeFilter: 'allTime',
      timeZone: 'Europe/Paris',
    });
  });

  test('text that is not a number of an Int variable is an issue at that variable', () => {
    const { code, message, issues } = failure(() => build('ListBots', { query: { workspaceId: 'w', limit: 'ten' } }));
    expect({ code, message }).toEqual({ code: 'BAD_REQUEST', message: 'Invalid input data' });
    expect(issues).toEqual([{ message: expect.stringContaining('Int cannot represent'), path: ['limit'] }]);
  });

  test('a fractional number for an Int variable is an issue at that variable', () => {
    const { issues } = failure(() => build('ListBots', { query: { workspaceId: 'w', limit: '2.5' } }));
    expect(issues).toEqual([
      { message: expect.stringContaining('Int cannot represent non-integer value: 2.5'), path: ['limit'] },
    ]);
  });

  test('a Boolean given as other text is an issue at that variable', () => {
    const { issues } = failure(() => buildProbe(probeGet, { query: { on: 'yes', required: 'true' } }));
    expect(issues).toEqual([{ message: expect.stringContaining('Boolean cannot represent'), path: ['on'] }]);
  });

  test('an unknown enum value is an issue at that variable', () => {
    const { issues } = failure(() =>
      build('GetBotStats', { params: { botId: 'b1' }, query: { timeFilter: 'forever' } }),
    );
    expect(issues).toEqual([{ message: expect.stringContaining('"forever"'), path: ['timeFilter'] }]);
  });
});

describe('required variables', () => {
  test('a missing required query variable: "is required" at [name]', () => {
    const { code, message, issues } = failure(() => build('ListInvoices', { query: {} }));
    expect({ code, message, issues }).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [{ message: 'is required', path: ['workspaceId'] }],
    });
  });

  test('a missing required body field: "is required" at [name]', () => {
    const { issues } = failure(() => build('CreateWorkspace', { body: { icon: '🚀' } }));
    expect(issues).toEqual([{ message: 'is required', path: ['name'] }]);
  });

  test('every problem is reported, one issue each', () => {
    const { issues } = failure(() => build('CreateBot', { body: {} }));
    expect(issues).toEqual([
      { message: 'is required', path: ['workspaceId'] },
      { message: 'is required', path: ['bot'] },
    ]);
  });

  test('an optional variable that is absent is left out', () => {
    const variables = build('GetUsage', { query: {} });
    expect(variables).toEqual({});
    expect('workspaceId' in variables).toBe(false);
  });
});

describe('wrong types in the JSON body', () => {
  test('a number for a String: issue at [name]', () => {
    const { issues } = failure(() => build('CreateWorkspace', { body: { name: 5 } }));
    expect(issues).toEqual([
      { message: expect.stringContaining('String cannot represent a non string value: 5'), path: ['name'] },
    ]);
  });

  test('a wrong list item: issue at [name, index]', () => {
    const { issues } = failure(() => buildProbe(probePost, { body: { ids: [1, 'x', 3], required: true } }));
    expect(issues).toEqual([{ message: expect.stringContaining('Int cannot represent'), path: ['ids', 1] }]);
  });

  test('a wrong enum value in the body: issue at [name]', () => {
    const { issues } = failure(() =>
      build('InviteMember', { params: { workspaceId: 'w' }, body: { email: 'a@b.io', role: 'OWNER' } }),
    );
    expect(issues).toEqual([{ message: expect.stringContaining('"OWNER"'), path: ['role'] }]);
  });

  test('"Did you mean" stays in the issue only where suggestions are on', () => {
    const invite = (suggestions: boolean) =>
      failure(() =>
        build(
          'InviteMember',
          { params: { workspaceId: 'w' }, body: { email: 'a@b.io', role: 'ADMN' } },
          { suggestions },
        ),
      ).issues;
    const named = 'Value "ADMN" does not exist in "WorkspaceRole" enum.';
    expect(invite(true)).toEqual([{ message: `${named} Did you mean the enum value "ADMIN"?`, path: ['role'] }]);
    expect(invite(false)).toEqual([{ message: named, path: ['role'] }]);
  });

  test('explicit null for a required field is a type issue, not "is required"', () => {
    const { issues } = failure(() => build('CreateWorkspace', { body: { name: null } }));
    expect(issues).toEqual([{ message: expect.stringContaining('not to be null'), path: ['name'] }]);
  });

  test('body values are passed as given (execution coerces them itself)', () => {
    expect(buildProbe(probePost, { body: { on: true, ratio: 0.25, ids: [7], required: false } })).toEqual({
      on: true,
      ratio: 0.25,
      ids: [7],
      required: false,
    });
  });
});

describe('where values come from', () => {
  test('undeclared keys are ignored, in the body and in the query string', () => {
    expect(
      build('CreateWorkspace', { body: { name: 'Acme', plan: 'PRO', isSuspended: true }, query: { name: 'ignored' } }),
    ).toEqual({ name: 'Acme' });
    expect(build('ListWorkspaces', { query: { page: '2' }, body: { anything: 1 } })).toEqual({});
  });

  test('a path parameter wins over a body field of the same name', () => {
    expect(
      build('UpdateWorkspace', { params: { workspaceId: 'from-path' }, body: { workspaceId: 'from-body', name: 'N' } }),
    ).toEqual({
      workspaceId: 'from-path',
      name: 'N',
    });
  });

  test('a path parameter wins over a query key of the same name', () => {
    expect(
      build('GetWorkspace', { params: { workspaceId: 'from-path' }, query: { workspaceId: 'from-query' } }),
    ).toEqual({ workspaceId: 'from-path' });
  });

  test('path segments are read by the declared type, like query strings: an Int revision is a number, an ID stays text', () => {
    expect(build('GetRevision', { params: { botId: '123', revision: '4' } })).toEqual({ botId: '123', revision: 4 });
    const { issues } = failure(() => build('GetRevision', { params: { botId: 'b', revision: 'latest' } }));
    expect(issues).toEqual([{ message: expect.stringContaining('Int cannot represent'), path: ['revision'] }]);
  });

  test('GET variables are not read from the body', () => {
    const { issues } = failure(() => build('ListInvoices', { body: { workspaceId: 'w' } }));
    expect(issues).toEqual([{ message: 'is required', path: ['workspaceId'] }]);
  });

  test('POST variables are not read from the query string', () => {
    const { issues } = failure(() => build('CreateWorkspace', { query: { name: 'Acme' } }));
    expect(issues).toEqual([{ message: 'is required', path: ['name'] }]);
  });
});

describe('explicit null versus absent', () => {
  test('explicit null of an optional body field is kept', () => {
    const variables = build('UpdateWorkspace', { params: { workspaceId: 'w' }, body: { icon: null } });
    expect(variables).toEqual({ workspaceId: 'w', icon: null });
    expect(Object.prototype.hasOwnProperty.call(variables, 'icon')).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(variables, 'name')).toBe(false);
  });

  test('an absent optional body field is left out', () => {
    const variables = build('UpdateWorkspace', { params: { workspaceId: 'w' }, body: { name: 'N' } });
    expect(variables).toEqual({ workspaceId: 'w', name: 'N' });
    expect(Object.prototype.hasOwnProperty.call(variables, 'icon')).toBe(false);
  });

  test('a body field set to undefined counts as absent', () => {
    const variables = build('CreateWorkspace', { body: { name: 'Acme', icon: undefined } });
    expect(Object.prototype.hasOwnProperty.call(variables, 'icon')).toBe(false);
  });
});
