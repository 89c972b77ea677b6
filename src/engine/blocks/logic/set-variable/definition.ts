import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Set variable',
  label: 'Set variable',
  category: 'logic',
  order: 1,
  icon: 'Variable',
});
