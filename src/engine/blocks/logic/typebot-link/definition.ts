import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Typebot link',
  label: 'Link to bot',
  category: 'logic',
  order: 5,
  icon: 'Workflow',
});
