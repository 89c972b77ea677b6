import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'picture choice input',
  label: 'Picture choice',
  category: 'inputs',
  order: 12,
});
