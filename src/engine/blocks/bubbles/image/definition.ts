import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'image', label: 'Image', category: 'bubbles', order: 2, icon: 'Image' });
