import { builderRoutes } from './group';

// Documented by Typebot.
export const billingRoutes = builderRoutes('Billing', [
  {
    method: 'GET',
    path: '/v1/billing/invoices',
    operation: 'ListInvoices',
    summary: 'List invoices',
    unwrap: ['workspace'],
  },
  {
    method: 'GET',
    path: '/v1/billing/usage',
    operation: 'GetUsage',
    summary: 'Get current plan usage',
    unwrap: ['usage'],
  },
]);
