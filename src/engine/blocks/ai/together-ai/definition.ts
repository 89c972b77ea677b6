import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'together-ai', label: 'Together AI', category: 'ai', order: 5, icon: 'Layers' });
