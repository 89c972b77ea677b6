import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'elevenlabs',
  label: 'ElevenLabs',
  category: 'integrations',
  order: 14,
  icon: 'Speech',
});
