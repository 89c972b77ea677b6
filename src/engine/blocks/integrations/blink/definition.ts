import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'blink', label: 'Blink', category: 'integrations', order: 19, icon: 'Send' });
