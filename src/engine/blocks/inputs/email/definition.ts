import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'email input',
  label: 'E-mail input',
  category: 'inputs',
  order: 3,
  placeholder: 'Type your email...',
  icon: 'AtSign',
});
