import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'text input',
  label: 'Text input',
  category: 'inputs',
  order: 1,
  placeholder: 'Type your answer...',
  icon: 'TextCursorInput',
});
