import { h, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

function rating(input: Json, handlers: InputHandlers): HTMLElement {
  const options = (input.options ?? {}) as Json;
  const length = Number(options.length) || 10;
  const start = options.buttonType === 'Icons' ? 1 : 0;
  const buttons: HTMLElement[] = [];
  for (let value = start; value <= length; value += 1)
    buttons.push(
      h(
        'button',
        {
          type: 'button',
          className: 'parley-choice',
          'aria-label': `Rate ${value}`,
          onClick: () => handlers.submit(String(value)),
        },
        options.buttonType === 'Icons' ? '★' : String(value),
      ),
    );
  return h('div', { className: 'parley-choices', role: 'group', 'aria-label': 'Rating' }, ...buttons);
}

export default {
  type: definition.type,
  render: rating,
} satisfies InputWidget;
