import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'number input',
  label: 'Number input',
  category: 'inputs',
  order: 2,
  placeholder: 'Type a number...',
  icon: 'Hash',
});
