import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'webhook',
  label: 'Wait for webhook',
  category: 'logic',
  order: 8,
  icon: 'Webhook',
});
