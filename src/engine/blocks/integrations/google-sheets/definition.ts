import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Google Sheets',
  label: 'Google Sheets',
  category: 'integrations',
  order: 6,
  icon: 'Sheet',
});
