import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'zendesk',
  label: 'Zendesk',
  category: 'integrations',
  order: 18,
  icon: 'Headset',
});
