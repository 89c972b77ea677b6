import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'Zapier', label: 'Zapier', category: 'integrations', order: 2, icon: 'Zap' });
