import { h, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

function choice(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  const options = (input.options ?? {}) as Json;
  const multiple = Boolean(options.isMultipleChoice);
  const chosen = new Set<string>();
  const list = h('div', { className: 'parley-choices', role: 'group', 'aria-label': 'Choices' });
  const buttons = items.map((item) => {
    const label = String(item.content ?? item.title ?? '');
    const button = h(
      'button',
      { type: 'button', className: 'parley-choice', 'aria-pressed': multiple ? 'false' : undefined },
      label,
    );
    button.addEventListener('click', () => {
      if (!multiple) return handlers.submit(label);
      if (chosen.has(label)) chosen.delete(label);
      else chosen.add(label);
      button.setAttribute('aria-pressed', String(chosen.has(label)));
    });
    list.append(button);
    return { button, label };
  });
  const wrapper = h('div', { className: 'parley-choice-input' });
  if (options.isSearchable) {
    const search = h('input', {
      type: 'search',
      className: 'parley-field',
      placeholder: options.searchInputPlaceholder ?? 'Filter the options...',
      'aria-label': 'Filter the options',
    });
    search.addEventListener('input', () => {
      const query = search.value.toLowerCase();
      for (const { button, label } of buttons) button.hidden = !label.toLowerCase().includes(query);
    });
    wrapper.append(search);
  }
  wrapper.append(list);
  if (multiple)
    wrapper.append(
      h(
        'button',
        {
          type: 'button',
          className: 'parley-button',
          onClick: () => chosen.size > 0 && handlers.submit([...chosen].join(', ')),
        },
        options.buttonLabel ?? 'Send',
      ),
    );
  return wrapper;
}

export default {
  type: definition.type,
  render: choice,
} satisfies InputWidget;
