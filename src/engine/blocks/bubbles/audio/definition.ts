import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'audio', label: 'Audio', category: 'bubbles', order: 4, icon: 'AudioLines' });
