import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'url input',
  label: 'URL input',
  category: 'inputs',
  order: 4,
  placeholder: 'Type a URL...',
  icon: 'Link',
});
