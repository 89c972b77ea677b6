import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'time input',
  label: 'Time input',
  category: 'inputs',
  order: 7,
  icon: 'Clock',
});
