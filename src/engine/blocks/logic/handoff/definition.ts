import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'handoff',
  label: 'Hand off to a person',
  category: 'logic',
  order: 11,
  icon: 'Handshake',
});
