import { h, type InputWidget } from '../../../../web/widgets/kit';
import definition from './definition';

// Payments need a provider's client (Stripe) this chat does not load: the visitor is told so rather than shown a
// form that cannot be paid.
export default {
  type: definition.type,
  render: () => h('p', { role: 'alert', className: 'parley-notice' }, 'Payments are not configured for this bot.'),
} satisfies InputWidget;
