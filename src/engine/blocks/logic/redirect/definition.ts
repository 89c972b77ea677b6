import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'Redirect',
  label: 'Redirect',
  category: 'logic',
  order: 3,
  icon: 'ExternalLink',
});
