import { h, labelsOf, textLike, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

/** A date range: two labelled fields, sent as "<from> to <to>" (what the runtime parses). */
function dateRange(input: Json, handlers: InputHandlers): HTMLElement {
  const labels = labelsOf(input);
  const type = input.options?.hasTime ? 'datetime-local' : 'date';
  const from = h('input', { type, className: 'parley-field', 'aria-label': labels.from ?? 'From' }) as HTMLInputElement;
  const to = h('input', { type, className: 'parley-field', 'aria-label': labels.to ?? 'To' }) as HTMLInputElement;
  const send = () => {
    if (!from.value || !to.value) return;
    const text = (value: string) => value.replace('T', ' ');
    handlers.submit(`${text(from.value)} to ${text(to.value)}`);
  };
  return h(
    'form',
    { className: 'parley-input-row', onSubmit: (event: Event) => (event.preventDefault(), send()) },
    h('label', {}, labels.from ?? 'From', from),
    h('label', {}, labels.to ?? 'To', to),
    h('button', { type: 'submit', className: 'parley-button' }, labels.button ?? 'Send'),
  );
}

export default {
  type: definition.type,
  render: (input, handlers) =>
    input.options?.isRange
      ? dateRange(input, handlers)
      : textLike(input, handlers, { htmlType: input.options?.hasTime ? 'datetime-local' : 'date' }),
} satisfies InputWidget;
