import { ApiError, request } from '../api/client';
import { BillingDocument, UsageDocument } from '../api/generated';
import type { Workspace } from '../session';
import { ErrorNote, formatDate, useLoad } from '../ui';

export function BillingPage({ workspace }: { workspace: Workspace }) {
  const billing = useLoad(() => request(BillingDocument, { workspaceId: workspace.id }), [workspace.id]);
  const usage = useLoad(() => request(UsageDocument, { workspaceId: workspace.id }), [workspace.id]);
  const details = billing.data?.workspace;
  const used = usage.data?.usage;
  return (
    <section className="billing">
      <h1>Billing</h1>
      <ErrorNote error={billing.error} />
      <dl className="card">
        <dt>Plan</dt>
        <dd>{details?.plan ?? '…'}</dd>
        <dt>Chats this period</dt>
        <dd>
          {usage.error instanceof ApiError && usage.error.code === 'FORBIDDEN'
            ? 'Only admins see the usage.'
            : used
              ? `${used.totalChatsUsed} of ${used.chatsLimit ?? 'unlimited'} (resets ${formatDate(used.resetsAt)})`
              : '…'}
        </dd>
      </dl>
      {usage.error instanceof ApiError && usage.error.code !== 'FORBIDDEN' && <ErrorNote error={usage.error} />}
      <h2>Invoices</h2>
      {details && details.invoices.length === 0 ? (
        <p>No invoices.</p>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Paid</th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {details?.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{new Date(invoice.date * 1000).toLocaleDateString()}</td>
                <td>
                  {new Intl.NumberFormat(undefined, {
                    style: 'currency',
                    currency: invoice.currency.toUpperCase(),
                  }).format(invoice.amount / 100)}
                </td>
                <td>{formatDate(invoice.paidAt)}</td>
                <td>
                  <a href={invoice.url} target="_blank" rel="noopener">
                    Open
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
