import { forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, {
  provider: 'mistral',
  actions: ['Create chat completion', 'Generate variables'],
});
