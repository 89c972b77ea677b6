import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'cards',
  label: 'Cards',
  category: 'inputs',
  order: 13,
  icon: 'GalleryHorizontal',
});
