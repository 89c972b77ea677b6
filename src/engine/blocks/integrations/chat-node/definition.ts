import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'chat-node',
  label: 'ChatNode',
  category: 'integrations',
  order: 11,
  icon: 'BotMessageSquare',
});
