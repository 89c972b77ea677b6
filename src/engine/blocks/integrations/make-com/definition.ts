import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Make.com',
  label: 'Make.com',
  category: 'integrations',
  order: 3,
  icon: 'Waypoints',
});
