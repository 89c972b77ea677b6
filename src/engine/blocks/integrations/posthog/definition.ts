import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'posthog',
  label: 'PostHog',
  category: 'integrations',
  order: 17,
  icon: 'Activity',
});
