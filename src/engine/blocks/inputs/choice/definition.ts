import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'choice input',
  label: 'Buttons',
  category: 'inputs',
  order: 11,
  replyHint:
    'A reply picks the button whose text (or internal value) it equals, trimmed and case-sensitive: "yes" does not pick "Yes". With multiple choice, one reply names several buttons (case-insensitive) or their numbers from 1: "Red, Blue" or "1 3".',
  icon: 'SquareMousePointer',
});
