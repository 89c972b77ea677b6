import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'Jump', label: 'Jump', category: 'logic', order: 9, icon: 'CornerDownRight' });
