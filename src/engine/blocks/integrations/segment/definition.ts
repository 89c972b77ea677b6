import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'segment',
  label: 'Segment',
  category: 'integrations',
  order: 16,
  icon: 'ChartPie',
});
