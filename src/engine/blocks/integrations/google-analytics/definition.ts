import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Google Analytics',
  label: 'Google Analytics',
  category: 'integrations',
  order: 7,
  icon: 'ChartLine',
});
