import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'nocodb',
  label: 'NocoDB',
  category: 'integrations',
  order: 15,
  icon: 'Database',
});
