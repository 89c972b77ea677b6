import { textLike, type InputWidget } from '../../../../web/widgets/kit';
import definition from './definition';

export default {
  type: definition.type,
  render: (input, handlers) =>
    textLike(input, handlers, {
      htmlType: 'text',
      placeholder: definition.placeholder,
      long: Boolean(input.options?.isLong),
      attachments: Boolean(input.options?.attachments?.isEnabled),
    }),
} satisfies InputWidget;
