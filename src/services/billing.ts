import { z } from 'zod';
import type { Db, Invoice } from '../db/client';
import { notFound } from '../errors';
import { currentBillingPeriod } from './time-filter';
import { parseInput } from './validation';

export function listInvoices(db: Db, workspaceId: string): Promise<Invoice[]> {
  return db.invoice.findMany({ where: { workspaceId }, orderBy: [{ paidAt: 'desc' }, { id: 'asc' }] });
}

const invoiceInput = z.object({
  workspaceId: z.string().min(1),
  amount: z.number().int('must be an integer (minor units)').nonnegative('must not be negative'),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be an ISO 4217 code such as usd'),
  url: z.url('must be a URL'),
  paidAt: z.date(),
  providerId: z.string().min(1).nullish(),
});

export type InvoiceInput = z.input<typeof invoiceInput>;

/** Records an invoice (from the payment provider, or by an operator until one is configured). */
export async function addInvoice(db: Db, input: InvoiceInput): Promise<Invoice> {
  const data = parseInput(invoiceInput, input);
  const workspace = await db.workspace.findUnique({ where: { id: data.workspaceId }, select: { id: true } });
  if (!workspace) throw notFound();
  return db.invoice.create({ data: { ...data, providerId: data.providerId ?? null } });
}

export interface Usage {
  totalChatsUsed: number;
  resetsAt: Date;
}

/**
 * Chats used = results that received at least one answer, created in the
 * current period, across every bot of the workspace (archived ones included:
 * deleting a bot or its results does not give chats back).
 */
export async function workspaceUsage(db: Db, workspaceId: string, now = new Date()): Promise<Usage> {
  const period = currentBillingPeriod(now);
  const totalChatsUsed = await db.result.count({
    where: { bot: { workspaceId }, hasStarted: true, createdAt: { gte: period.start, lt: period.resetsAt } },
  });
  return { totalChatsUsed, resetsAt: period.resetsAt };
}

/** The caller's oldest workspace where they are ADMIN (usage without an explicit workspace). */
export async function defaultBillingWorkspace(db: Db, userId: string): Promise<string> {
  const membership = await db.memberInWorkspace.findFirst({
    where: { userId, role: 'ADMIN' },
    orderBy: [{ workspace: { createdAt: 'asc' } }, { workspaceId: 'asc' }],
    select: { workspaceId: true },
  });
  if (!membership) throw notFound();
  return membership.workspaceId;
}
