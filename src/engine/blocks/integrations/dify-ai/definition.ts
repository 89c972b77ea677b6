import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'dify-ai', label: 'Dify.AI', category: 'integrations', order: 13, icon: 'Bot' });
