import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Condition',
  label: 'Condition',
  category: 'logic',
  order: 2,
  itemsAreConditions: true,
  icon: 'Split',
});
