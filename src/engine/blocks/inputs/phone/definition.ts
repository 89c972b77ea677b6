import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'phone number input',
  label: 'Phone input',
  category: 'inputs',
  order: 5,
  placeholder: 'Type your phone number...',
  icon: 'Phone',
});
