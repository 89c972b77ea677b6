import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'text',
  label: 'Text',
  category: 'bubbles',
  order: 1,
  icon: 'MessageSquareText',
});
