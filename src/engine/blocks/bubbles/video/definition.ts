import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'video', label: 'Video', category: 'bubbles', order: 3, icon: 'Video' });
