import { h, safeUrl, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

function pictureChoice(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  return h(
    'div',
    { className: 'parley-choices', role: 'group', 'aria-label': 'Choices' },
    ...items.map((item) => {
      const label = String(item.title ?? item.id);
      const src = safeUrl(item.pictureSrc);
      return h(
        'button',
        { type: 'button', className: 'parley-picture', onClick: () => handlers.submit(label) },
        src ? h('img', { src, alt: label }) : null,
        h('span', {}, label),
      );
    }),
  );
}

export default {
  type: definition.type,
  render: pictureChoice,
} satisfies InputWidget;
