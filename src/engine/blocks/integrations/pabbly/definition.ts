import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Pabbly',
  label: 'Pabbly Connect',
  category: 'integrations',
  order: 4,
  icon: 'Plug',
});
