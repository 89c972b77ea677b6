import { defineBlockType } from '../../define';

export default defineBlockType({
  type: 'anthropic',
  label: 'Anthropic',
  category: 'ai',
  order: 4,
  icon: 'BrainCircuit',
});
