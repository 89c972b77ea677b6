import { textLike, type InputWidget } from '../../../../web/widgets/kit';
import definition from './definition';

export default {
  type: definition.type,
  render: (input, handlers) => textLike(input, handlers, { htmlType: 'number', placeholder: definition.placeholder }),
} satisfies InputWidget;
