import { parseArgs } from 'node:util';
import { addInvoice } from '../services/billing';
import { date, integer, UsageError } from './usage';
import { INVOICES_USAGE } from './usage-texts';
import { withDatabase } from './with-database';

export async function invoicesCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'add') throw new UsageError(INVOICES_USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      workspace: { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      url: { type: 'string' },
      date: { type: 'string' },
      'provider-id': { type: 'string' },
    },
  });
  for (const flag of ['workspace', 'amount', 'currency', 'url', 'date'] as const) {
    if (!values[flag]) throw new UsageError(`--${flag} is required\n${INVOICES_USAGE}`);
  }
  await withDatabase(async (db) => {
    const invoice = await addInvoice(db, {
      workspaceId: values.workspace!,
      amount: integer('--amount', values.amount!),
      currency: values.currency!,
      url: values.url!,
      paidAt: date('--date', values.date!),
      providerId: values['provider-id'],
    });
    console.log(`Invoice ${invoice.id} recorded.`);
    console.log(invoice.id);
  });
}
