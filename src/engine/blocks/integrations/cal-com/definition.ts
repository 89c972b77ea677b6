import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'cal-com',
  label: 'Cal.com',
  category: 'integrations',
  order: 10,
  icon: 'CalendarCheck',
});
