import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Pixel',
  label: 'Meta Pixel',
  category: 'integrations',
  order: 8,
  icon: 'Target',
});
