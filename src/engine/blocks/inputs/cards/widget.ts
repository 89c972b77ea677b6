import { h, safeUrl, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

function cards(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  return h(
    'div',
    { className: 'parley-cards' },
    ...items.map((item) => {
      const src = safeUrl(item.imageUrl);
      const paths = (item.paths ?? []) as Json[];
      return h(
        'div',
        { className: 'parley-card' },
        src ? h('img', { src, alt: String(item.title ?? '') }) : null,
        h('strong', {}, String(item.title ?? '')),
        item.description ? h('p', {}, String(item.description)) : null,
        ...paths.map((path) =>
          h(
            'button',
            { type: 'button', className: 'parley-choice', onClick: () => handlers.submit(String(path.text ?? '')) },
            String(path.text ?? ''),
          ),
        ),
      );
    }),
  );
}

export default {
  type: definition.type,
  // What older clients were sent for the same input.
  aliases: ['cards input'],
  render: cards,
} satisfies InputWidget;
