import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'file input',
  label: 'File upload',
  category: 'inputs',
  order: 9,
  icon: 'Upload',
});
