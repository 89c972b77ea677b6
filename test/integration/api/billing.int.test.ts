import fs from 'node:fs';
import path from 'node:path';
import { addInvoice } from '../../../src/services/billing';
import { archiveResults, createResult, markCompleted, recordAnswer } from '../../../src/services/results';
import { ISO_MS, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

const FIXTURE = path.join(__dirname, '../../fixtures/bots/lead-gen.json');
const INVOICE_KEYS = ['amount', 'currency', 'date', 'id', 'url'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
async function newUser(membership?: Parameters<typeof createUserWithToken>[2]) {
  counter += 1;
  return createUserWithToken(server.db, `billing-${counter}-${Date.now()}@parley.test`, membership);
}

/** Imports the lead-gen fixture (without its id) into the workspace through the API. */
async function createBot(token: string, workspaceId: string): Promise<string> {
  const bot = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  delete bot.id;
  const response = await request(server.url, 'POST', '/v1/bots', { token, json: { workspaceId, bot } });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

/** A result that received an answer (a "chat used"). */
async function startedResult(botId: string, createdAt?: Date): Promise<string> {
  const result = await createResult(server.db, botId, { createdAt });
  await recordAnswer(server.db, result.id, { blockId: 'block', content: 'answer' });
  return result.id;
}

function usage(token: string, workspaceId?: string) {
  return request(server.url, 'GET', `/v1/billing/usage${workspaceId ? `?workspaceId=${workspaceId}` : ''}`, { token });
}

function invoices(token: string, workspaceId?: string) {
  return request(server.url, 'GET', `/v1/billing/invoices${workspaceId ? `?workspaceId=${workspaceId}` : ''}`, {
    token,
  });
}

/** The current billing period, from the real clock: the calendar month in UTC. */
function currentMonth(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

describe('GET /v1/billing/invoices', () => {
  test('lists the workspace invoices newest first with exact fields', async () => {
    const user = await newUser();
    const other = await newUser();
    const january = await addInvoice(server.db, {
      workspaceId: user.personalWorkspaceId,
      amount: 3900,
      currency: 'USD',
      url: 'https://billing.example.com/invoices/jan',
      paidAt: new Date('2026-01-15T10:20:30.999Z'),
      providerId: `in_jan_${Date.now()}`,
    });
    const march = await addInvoice(server.db, {
      workspaceId: user.personalWorkspaceId,
      amount: 8900,
      currency: 'eur',
      url: 'https://billing.example.com/invoices/mar',
      paidAt: new Date('2026-03-01T00:00:00.000Z'),
    });
    const february = await addInvoice(server.db, {
      workspaceId: user.personalWorkspaceId,
      amount: 0,
      currency: ' Gbp ',
      url: 'https://billing.example.com/invoices/feb',
      paidAt: new Date('2026-02-10T08:00:00.500Z'),
    });
    await addInvoice(server.db, {
      workspaceId: other.personalWorkspaceId,
      amount: 100,
      currency: 'usd',
      url: 'https://billing.example.com/invoices/other',
      paidAt: new Date('2026-03-05T00:00:00.000Z'),
    });

    const response = await invoices(user.token, user.personalWorkspaceId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['invoices']);
    expect(response.body.invoices).toEqual([
      {
        id: march.id,
        url: 'https://billing.example.com/invoices/mar',
        amount: 8900,
        currency: 'eur',
        date: Date.parse('2026-03-01T00:00:00.000Z') / 1000,
      },
      {
        id: february.id,
        url: 'https://billing.example.com/invoices/feb',
        amount: 0,
        currency: 'gbp',
        date: Math.floor(Date.parse('2026-02-10T08:00:00.500Z') / 1000),
      },
      {
        id: january.id,
        url: 'https://billing.example.com/invoices/jan',
        amount: 3900,
        currency: 'usd',
        date: 1768472430,
      },
    ]);
    for (const invoice of response.body.invoices) {
      expect(Object.keys(invoice).sort()).toEqual(INVOICE_KEYS);
      expect(Number.isInteger(invoice.date)).toBe(true);
      expect(Number.isInteger(invoice.amount)).toBe(true);
      expect(invoice.currency).toMatch(/^[a-z]{3}$/);
    }
  });

  test('a workspace without invoices has an empty list', async () => {
    const user = await newUser();
    const response = await invoices(user.token, user.personalWorkspaceId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ invoices: [] });
  });

  test('workspaceId is required', async () => {
    const user = await newUser();
    const response = await invoices(user.token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid input data' });
    expect(response.body.issues).toEqual([expect.objectContaining({ path: ['workspaceId'] })]);
  });

  test('ADMIN only: a MEMBER or GUEST gets 403, a stranger 404, no token 401', async () => {
    const owner = await newUser();
    await addInvoice(server.db, {
      workspaceId: owner.personalWorkspaceId,
      amount: 500,
      currency: 'usd',
      url: 'https://billing.example.com/invoices/x',
      paidAt: new Date('2026-02-01T00:00:00.000Z'),
    });
    for (const role of ['MEMBER', 'GUEST'] as const) {
      const member = await newUser({ workspaceId: owner.personalWorkspaceId, role });
      const response = await invoices(member.token, owner.personalWorkspaceId);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
    }
    const stranger = await newUser();
    const hidden = await invoices(stranger.token, owner.personalWorkspaceId);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('NOT_FOUND');
    const unknown = await invoices(owner.token, 'no-such-workspace');
    expect(unknown.status).toBe(404);
    const anonymous = await request(server.url, 'GET', `/v1/billing/invoices?workspaceId=${owner.personalWorkspaceId}`);
    expect(anonymous.status).toBe(401);
  });

  test('addInvoice validates its input', async () => {
    const user = await newUser();
    const base = {
      workspaceId: user.personalWorkspaceId,
      amount: 100,
      currency: 'usd',
      url: 'https://billing.example.com/i',
      paidAt: new Date(),
    };
    await expect(addInvoice(server.db, { ...base, amount: 1.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(addInvoice(server.db, { ...base, amount: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(addInvoice(server.db, { ...base, currency: 'dollars' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(addInvoice(server.db, { ...base, url: 'not a url' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(addInvoice(server.db, { ...base, workspaceId: 'no-such-workspace' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await invoices(user.token, user.personalWorkspaceId)).body.invoices).toEqual([]);
  });
});

describe('GET /v1/billing/usage', () => {
  test('a new workspace has used nothing and resets at the first instant of next month (UTC)', async () => {
    const user = await newUser();
    const response = await usage(user.token, user.personalWorkspaceId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['resetsAt', 'totalChatsUsed']);
    expect(response.body.totalChatsUsed).toBe(0);
    expect(response.body.resetsAt).toMatch(ISO_MS);
    expect(response.body.resetsAt).toBe(currentMonth().resetsAt.toISOString());
    expect(response.body.resetsAt).toMatch(/-01T00:00:00\.000Z$/);
  });

  test('counts started results of the current UTC month across all bots, archived results and deleted bots included', async () => {
    const user = await newUser();
    const workspaceId = user.personalWorkspaceId;
    const { start, resetsAt } = currentMonth();
    const now = new Date();
    const botA = await createBot(user.token, workspaceId);
    const botB = await createBot(user.token, workspaceId);
    const deletedBot = await createBot(user.token, workspaceId);

    // Counted (7):
    await startedResult(botA, start); // first instant of the month
    await startedResult(botA, new Date(now.getTime() - 1000));
    const completed = await startedResult(botA);
    await markCompleted(server.db, completed);
    await startedResult(botB);
    const archivedStarted = await startedResult(botB);
    await archiveResults(server.db, botB, [archivedStarted]);
    await startedResult(deletedBot);
    await startedResult(deletedBot, start);

    // Not counted:
    await startedResult(botA, new Date(start.getTime() - 1)); // last millisecond of the previous month
    await startedResult(botA, new Date(start.getTime() - 40 * 24 * 3600 * 1000));
    await startedResult(botB, resetsAt); // next month
    await createResult(server.db, botA); // a view without an answer
    const neverStarted = await createResult(server.db, botB);
    await markCompleted(server.db, neverStarted.id); // completion needs an answer first
    await createResult(server.db, deletedBot);

    const deleted = await request(server.url, 'DELETE', `/v1/bots/${deletedBot}`, { token: user.token });
    expect(deleted.status).toBe(200);

    // Another workspace's chats are not counted here.
    const other = await newUser();
    const foreignBot = await createBot(other.token, other.personalWorkspaceId);
    await startedResult(foreignBot);

    const response = await usage(user.token, workspaceId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalChatsUsed: 7, resetsAt: resetsAt.toISOString() });

    // Archiving every remaining result of a bot gives nothing back.
    await archiveResults(server.db, botA);
    expect((await usage(user.token, workspaceId)).body.totalChatsUsed).toBe(7);

    // A new answer on an existing result of this month adds one.
    const late = await createResult(server.db, botB);
    expect((await usage(user.token, workspaceId)).body.totalChatsUsed).toBe(7);
    await recordAnswer(server.db, late.id, { blockId: 'b', content: 'first' });
    await recordAnswer(server.db, late.id, { blockId: 'b', content: 'second' });
    expect((await usage(user.token, workspaceId)).body.totalChatsUsed).toBe(8);

    expect((await usage(other.token, other.personalWorkspaceId)).body.totalChatsUsed).toBe(1);
  });

  test("without workspaceId: the caller's oldest workspace where they are ADMIN", async () => {
    // An older workspace owned by someone else, where the caller becomes ADMIN later.
    const olderOwner = await newUser();
    await sleep(5);
    const user = await newUser({ workspaceId: server.adminWorkspaceId, role: 'MEMBER' });
    await server.db.memberInWorkspace.create({
      data: { userId: user.userId, workspaceId: olderOwner.personalWorkspaceId, role: 'ADMIN' },
    });
    await sleep(5);
    const created = await request(server.url, 'POST', '/v1/workspaces', {
      token: user.token,
      json: { name: 'Newer workspace' },
    });
    expect(created.status).toBe(200);
    const newer = created.body.workspace.id;

    // Different usage in each so that the answer tells which one was picked.
    const adminBot = await createBot(server.adminToken, server.adminWorkspaceId);
    for (let index = 0; index < 4; index += 1) await startedResult(adminBot);
    const olderBot = await createBot(olderOwner.token, olderOwner.personalWorkspaceId);
    for (let index = 0; index < 2; index += 1) await startedResult(olderBot);
    const personalBot = await createBot(user.token, user.personalWorkspaceId);
    await startedResult(personalBot);
    const newerBot = await createBot(user.token, newer);
    for (let index = 0; index < 3; index += 1) await startedResult(newerBot);

    const byDefault = await usage(user.token);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual({ totalChatsUsed: 2, resetsAt: currentMonth().resetsAt.toISOString() });
    expect((await usage(user.token, olderOwner.personalWorkspaceId)).body.totalChatsUsed).toBe(2);
    expect((await usage(user.token, user.personalWorkspaceId)).body.totalChatsUsed).toBe(1);
    expect((await usage(user.token, newer)).body.totalChatsUsed).toBe(3);

    // Losing ADMIN in the older one moves the default to the personal workspace.
    await server.db.memberInWorkspace.update({
      where: { userId_workspaceId: { userId: user.userId, workspaceId: olderOwner.personalWorkspaceId } },
      data: { role: 'MEMBER' },
    });
    expect((await usage(user.token)).body.totalChatsUsed).toBe(1);
  });

  test('a MEMBER or GUEST of the workspace gets 403; a stranger 404', async () => {
    const owner = await newUser();
    for (const role of ['MEMBER', 'GUEST'] as const) {
      const member = await newUser({ workspaceId: owner.personalWorkspaceId, role });
      const response = await usage(member.token, owner.personalWorkspaceId);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
    }
    const stranger = await newUser();
    const hidden = await usage(stranger.token, owner.personalWorkspaceId);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('NOT_FOUND');
  });

  test('a user without any ADMIN workspace gets 404 without workspaceId', async () => {
    const owner = await newUser();
    const member = await newUser({ workspaceId: owner.personalWorkspaceId, role: 'MEMBER' });
    const removed = await request(server.url, 'DELETE', `/v1/workspaces/${member.personalWorkspaceId}`, {
      token: member.token,
    });
    expect(removed.status).toBe(200);
    const response = await usage(member.token);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
    // Asking for the workspace where they are only a MEMBER is still a 403.
    expect((await usage(member.token, owner.personalWorkspaceId)).status).toBe(403);
  });

  test('no token is a 401', async () => {
    const response = await request(server.url, 'GET', '/v1/billing/usage');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authorization not provided' });
  });
});
