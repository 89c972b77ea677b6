import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Email',
  label: 'Send e-mail',
  category: 'integrations',
  order: 5,
  icon: 'Mail',
});
