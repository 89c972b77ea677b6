import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Webhook',
  label: 'HTTP request',
  category: 'integrations',
  order: 1,
  icon: 'Globe',
});
