import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'mistral', label: 'Mistral', category: 'ai', order: 3, icon: 'Wind' });
