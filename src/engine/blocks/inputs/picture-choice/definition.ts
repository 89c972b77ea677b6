import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'picture choice input',
  label: 'Picture choice',
  category: 'inputs',
  order: 12,
  replyHint:
    'A reply picks the picture whose title (or internal value) it equals, trimmed and case-sensitive; with multiple choice, several titles or numbers from 1.',
  icon: 'Images',
});
