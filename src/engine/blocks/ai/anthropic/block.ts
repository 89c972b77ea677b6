import { forgeAiBlock } from '../forge-ai';
import definition from './definition';

export default forgeAiBlock(definition.type, {
  provider: 'anthropic',
  actions: ['Create Chat Message', 'Generate variables'],
});
