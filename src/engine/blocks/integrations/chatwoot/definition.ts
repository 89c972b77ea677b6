import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Chatwoot',
  label: 'Chatwoot',
  category: 'integrations',
  order: 9,
  icon: 'MessagesSquare',
});
